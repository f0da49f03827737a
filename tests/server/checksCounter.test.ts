import { statSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckStore } from '../../server/checks/checkStore.ts';
import { memorySalts, type DaySalts } from '../../server/checks/daySalts.ts';
import { LookupCounter, type Visitor } from '../../server/checks/lookupCounter.ts';
import { openCheckStore } from '../../server/db/openStorage.ts';
import { FOLD_AFTER_MS } from '../../server/db/sqlite/checkStore.ts';
import { openCodeLookup } from '../../server/db/sqlite/codeLookup.ts';
import { countsPath } from '../../server/db/sqlite/countsDatabase.ts';
import { BACKENDS, type TestDatabase } from '../support/server/backends.ts';

// The counter on a real database with a test clock: the day's salt, the repeat window, two processes.

const CODE = '1D24B3261X54A2320';
/** A phone on a network of its own. */
const phone = (n: number): Visitor => ({
  audience: 'shopper',
  staffKey: false,
  address: `198.51.${n}.100`,
  userAgent: `TestPhone/${n}`,
});
/** 23:50 on 25 November 2026 in Vietnam (UTC+7). */
const BEFORE_MIDNIGHT = Date.parse('2026-11-25T16:50:00Z');
const MINUTE = 60_000;

describe.each(BACKENDS)('the lookup counter on $name', { timeout: 30_000 }, (backend) => {
  let database: TestDatabase | undefined;
  const counters: LookupCounter[] = [];
  afterEach(async () => {
    for (const counter of counters.splice(0)) await counter.close();
    await database?.drop();
    database = undefined;
  });

  async function counterAt(
    clock: { now: number },
    options: { cautionNetworks?: number; unknownCodesPerDay?: number; salts?: DaySalts; cacheTtlMs?: number } = {},
  ): Promise<LookupCounter> {
    database ??= await backend.create();
    const store: CheckStore = await openCheckStore(database.config);
    // Written when the test says (flush), not by the timer.
    const counter = new LookupCounter(store, {
      cautionNetworks: options.cautionNetworks ?? 5,
      salts: options.salts,
      unknownCodesPerDay: options.unknownCodesPerDay,
      now: () => clock.now,
      flushMs: 3_600_000,
      cacheTtlMs: options.cacheTtlMs ?? 0,
    });
    counters.push(counter);
    return counter;
  }
  const table = (sql: string) => database!.rows(sql);

  /** PostgreSQL keeps the day's device rows (instances share them); SQLite's repeat window is the counter's memory. */
  const devicesStored = backend.name === 'PostgreSQL';
  const deviceRows = async (columns: string) =>
    devicesStored ? table(`SELECT ${columns} FROM check_devices`) : ([] as Record<string, unknown>[]);

  it("rotates the salt at Vietnam's midnight: a phone is a new device the next day, and the last day's device rows are deleted", async () => {
    const clock = { now: BEFORE_MIDNIGHT };
    const counter = await counterAt(clock);
    expect(await counter.checks(CODE, phone(1))).toEqual({
      FirstDay: '2026-11-25',
      Lookups: 1,
      Networks: 1,
      Caution: false,
    });
    await counter.flush();
    const [firstDevice] = await deviceRows('day, device');
    if (devicesStored) expect(firstDevice).toMatchObject({ day: '2026-11-25' });

    // 20 minutes later, inside the repeat window, but another day in Vietnam: the same network, though.
    clock.now += 20 * MINUTE;
    expect(await counter.checks(CODE, phone(1))).toEqual({
      FirstDay: '2026-11-25',
      Lookups: 2,
      Networks: 1,
      Caution: false,
    });
    await counter.flush();
    const devices = await deviceRows('day, device');
    if (devicesStored) {
      expect(devices.map(({ day }) => day)).toEqual(['2026-11-26']);
      expect(devices[0]!.device).not.toBe(firstDevice!.device);
    }
    expect(await table(`SELECT first_day, lookups FROM check_codes WHERE code = '${CODE}'`)).toEqual([
      { first_day: '2026-11-25', lookups: 2 },
    ]);
  });

  it("keeps no device past its day: the last day's rows deleted at the first write of the day (PostgreSQL), none ever written (SQLite)", async () => {
    const clock = { now: BEFORE_MIDNIGHT };
    const counter = await counterAt(clock);
    await counter.checks(CODE, phone(1));
    await counter.flush();
    if (devicesStored) expect(await deviceRows('day')).toHaveLength(1);
    else expect(Object.keys(await database!.everyTable())).not.toContain('check_devices');
    clock.now += 11 * MINUTE;
    await counter.flush();
    expect(await deviceRows('day')).toEqual([]);
  });

  it("answers with what its last write brought while a lookup's read may not hold it yet, a code stored first by it included", async () => {
    const clock = { now: Date.parse('2026-11-25T03:00:00Z') };
    const counter = await counterAt(clock, { cacheTtlMs: 5_000 });
    const OLD = 'HP26A1105C48B0001';
    const stored = { firstDay: '2026-11-25', lookups: 1, networks: '' };
    // OLD is stored before; past the totals' few seconds, its lookups' reads hold it.
    await counter.checks(OLD, phone(1), null);
    await counter.flush();
    clock.now += 10_000;
    // The lookups read the codes' counts with them (SQLite's statement): none yet for CODE.
    expect(await counter.checks(CODE, phone(1), null)).toEqual({
      FirstDay: '2026-11-25',
      Lookups: 1,
      Networks: 1,
      Caution: false,
    });
    await counter.checks(OLD, phone(2), stored);
    await counter.flush();
    // A second later the lookups' read snapshot may still be from before that write: what it brought counts.
    clock.now += 1_000;
    expect(await counter.checks(CODE, phone(2), null)).toEqual({
      FirstDay: '2026-11-25',
      Lookups: 2,
      Networks: 2,
      Caution: false,
    });
    expect(await counter.checks(OLD, phone(3), stored)).toMatchObject({ Lookups: 3, Networks: 3 });
    // Past the totals' few seconds, the read is trusted: it holds every write by then.
    await counter.flush();
    clock.now += 10_000;
    const [row] = (await table(`SELECT first_day, lookups, networks FROM check_codes WHERE code = '${CODE}'`)) as [
      { first_day: string; lookups: number; networks: string },
    ];
    expect(row.lookups).toBe(2);
    expect(
      await counter.checks(CODE, phone(4), { firstDay: row.first_day, lookups: row.lookups, networks: row.networks }),
    ).toEqual({ FirstDay: '2026-11-25', Lookups: 3, Networks: 3, Caution: false });
  });

  it('counts a phone once within 30 minutes of its last counted lookup, again after; stores times to the minute', async () => {
    const clock = { now: Date.parse('2026-11-25T03:00:17.345Z') };
    const counter = await counterAt(clock);
    await counter.checks(CODE, phone(1));
    clock.now += 29 * MINUTE;
    expect(await counter.checks(CODE, phone(1))).toMatchObject({ Lookups: 1, Networks: 1 });
    await counter.flush();
    if (devicesStored) {
      const [{ last_at: lastAt }] = (await deviceRows('last_at')) as [{ last_at: unknown }];
      expect(Number(lastAt)).toBe(Date.parse('2026-11-25T03:00:00Z'));
    }
    clock.now += 2 * MINUTE;
    expect(await counter.checks(CODE, phone(1))).toMatchObject({ Lookups: 2, Networks: 1 });
    await counter.flush();
    expect(await table(`SELECT lookups FROM check_codes WHERE code = '${CODE}'`)).toEqual([{ lookups: 2 }]);
  });

  it("lets two processes sharing the day's salt read each other's counts; one phone seen by both counts once where the database keeps devices (PostgreSQL), once per process on SQLite (one instance per file)", async () => {
    const clock = { now: Date.parse('2026-11-25T03:00:00Z') };
    // What Redis gives instances that share counts (server/checks/daySalts.ts).
    const shared = memorySalts();
    const first = await counterAt(clock, { cautionNetworks: 3, salts: shared });
    const second = await counterAt(clock, { cautionNetworks: 3, salts: shared });
    await first.checks(CODE, phone(1));
    await second.checks(CODE, phone(1));
    await second.checks(CODE, phone(2));
    await Promise.all([first.flush(), second.flush()]);
    const lookups = devicesStored ? 2 : 3;
    expect(await table(`SELECT lookups FROM check_codes WHERE code = '${CODE}'`)).toEqual([{ lookups }]);
    clock.now += MINUTE;
    expect(await first.checks(CODE, phone(3))).toEqual({
      FirstDay: '2026-11-25',
      Lookups: lookups + 1,
      Networks: 3,
      Caution: true,
    });
  });

  it('stores at most the bound of distinct unknown codes a day; those stored keep counting; a staff key records none', async () => {
    const clock = { now: Date.parse('2026-11-25T03:00:00Z') };
    const counter = await counterAt(clock, { unknownCodesPerDay: 2 });
    for (const [n, code] of ['FAKE01', 'FAKE02', 'FAKE03'].entries()) counter.unknown(code, phone(n));
    await counter.flush();
    for (const code of ['FAKE01', 'FAKE04']) counter.unknown(code, phone(5));
    // A staff key's lookups of unknown codes are not recorded; a self-declared purpose's are, uncounted.
    counter.unknown('FAKE01', { ...phone(6), audience: 'staff', staffKey: true });
    counter.unknown('FAKE02', { ...phone(7), audience: 'staff' });
    await counter.flush();
    expect(await table('SELECT day, code, lookups FROM check_unknown ORDER BY code')).toEqual([
      { day: '2026-11-25', code: 'FAKE01', lookups: 2 },
      { day: '2026-11-25', code: 'FAKE02', lookups: 1 },
    ]);
  });
});

describe('the lookup counter on SQLite, beside a busy service', { timeout: 60_000 }, () => {
  it("keeps SQLite's write-ahead log to about one batch, though lookups always hold a read snapshot", async () => {
    const database = await BACKENDS.find(({ name }) => name === 'SQLite')!.create();
    const dbPath = database.config.dbPath!;
    const store = await openCheckStore(database.config);
    // Written by its own timer, as in the service, a batch a little after each fold.
    const counter = new LookupCounter(store, { cautionNetworks: 5, flushMs: FOLD_AFTER_MS + 300 });
    const lookups = openCodeLookup(dbPath, undefined, { counts: true });
    // A lookup every few milliseconds: a read snapshot is always open, as on a service under load, and
    // SQLite's own checkpoint at commit cannot copy a batch back past it.
    const reading = setInterval(() => lookups.find(CODE), 5);
    const logSize = () => statSync(`${countsPath(dbPath)}-wal`, { throwIfNoEntry: false })?.size ?? 0;
    const codesWritten = async () =>
      ((await database.rows('SELECT count(*) AS codes FROM check_codes')) as { codes: number }[])[0]?.codes;
    try {
      const sizes: number[] = [];
      for (let batch = 1; batch <= 8; batch++) {
        for (let n = 0; n < 300; n++) await counter.checks(`TEST${batch}CODE${String(n).padStart(6, '0')}`, phone(n));
        await expect.poll(codesWritten, { timeout: 10_000, interval: 20 }).toBe(batch * 300);
        sizes.push(logSize());
      }
      // Each batch adds about the same pages: a log that is never started over holds them all.
      expect(Math.max(...sizes.slice(2))).toBeLessThan(3 * sizes[0]!);
    } finally {
      clearInterval(reading);
      await counter.close();
      lookups.close();
      await database.drop();
    }
  });
});
