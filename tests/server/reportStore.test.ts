import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReportStore } from '../../server/db/openStorage.ts';
import { readMigrations } from '../../server/db/migrations.ts';
import { openSqliteReportWorker } from '../../server/db/sqlite/reportWorker.ts';
import { purgeReports } from '../../server/reports/reportRetention.ts';
import type { AddOptions, NewReport, ReportStore } from '../../server/reports/reportStore.ts';
import { leaseMs, webhookBody } from '../../server/reports/reportWebhook.ts';
import { BACKENDS, type Backend, type TestDatabase } from '../support/server/backends.ts';

// Issue 41's retention on both databases: a closed report's photo goes after REPORTS_PHOTO_KEEP_DAYS, the report
// after REPORTS_CLOSED_KEEP_DAYS, an open one never, nor one whose delivery still waits; the desk's list pages by
// its cursor, newest first; a delivery is claimed by one sender at a time, built from the report's row as it is
// then; and the migration moves a delivery waiting in the old outbox onto its report.

const report = (n: number, photo = false): NewReport => ({
  reference: `R-TEST-${String(n).padStart(4, '2')}`,
  code: 'QS26A0404K10Z0001',
  reason: 'other',
  province: 'hue',
  shop: null,
  address: null,
  boughtOn: null,
  phone: '0912345678',
  photo: photo ? { type: 'image/png', body: Buffer.from([0x89, 0x50, 0x4e, 0x47]) } : null,
  pack: null,
  createdHour: '2026-01-01T00:00:00.000Z',
});
/** Stored without a delivery, within bounds no test here reaches. */
const STORED: AddOptions = { day: '2026-01-01', bounds: { reports: 1000, photoBytes: 1_000_000 }, deliveryDue: null };
/** Stored with its delivery due at once. */
const DUE: AddOptions = { ...STORED, deliveryDue: 0 };

describe.each(BACKENDS)('the reports’ store on $name', { timeout: 60_000 }, (backend) => {
  let database: TestDatabase;
  let store: ReportStore;
  beforeAll(async () => {
    database = await backend.create();
    store = await openReportStore(database.config);
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });
  const state = async () =>
    (await database.rows('SELECT reference, photo IS NOT NULL AS photo FROM reports ORDER BY reference')).map(
      (row) => `${String(row.reference)}:${Boolean(Number(row.photo)) || row.photo === true}`,
    );

  it('deletes a closed report’s photo, then the report, after their days; an open report stays', async () => {
    for (const n of [2, 3, 4]) await store.add(report(n, true), STORED);
    await store.closeReport('R-TEST-2222', 'done', '2026-01-01');
    await store.closeReport('R-TEST-2223', 'done', '2026-03-01');
    const rules = { photoKeepDays: 30, closedKeepDays: 365, webhook: undefined };
    const purge = (today: string) => purgeReports(store, rules, today);
    // Closed on 1 January: its photo is kept 30 days, to the 30th.
    expect(await purge('2026-01-30')).toEqual({ photos: 0, reports: 0 });
    expect(await state()).toEqual(['R-TEST-2222:true', 'R-TEST-2223:true', 'R-TEST-2224:true']);
    expect(await purge('2026-01-31')).toEqual({ photos: 1, reports: 0 });
    expect(await state()).toEqual(['R-TEST-2222:false', 'R-TEST-2223:true', 'R-TEST-2224:true']);
    // A year after it was closed, the report itself.
    expect(await purge('2027-01-01')).toEqual({ photos: 1, reports: 1 });
    expect(await state()).toEqual(['R-TEST-2223:false', 'R-TEST-2224:true']);
    expect(await purge('2036-01-01')).toEqual({ photos: 0, reports: 1 });
    // The open one stays, whatever its age.
    expect(await state()).toEqual(['R-TEST-2224:true']);
  });

  it('keeps a closed report whose delivery still waits past its days, until it is delivered', async () => {
    await store.add(report(50), DUE);
    await store.closeReport('R-TEST-2250', 'done', '2026-01-01');
    const rules = { photoKeepDays: 30, closedKeepDays: 365, webhook: { url: 'https://brand.example/reports' } };
    expect((await purgeReports(store, rules, '2036-01-01')).reports).toBe(0);
    expect(await state()).toContain('R-TEST-2250:false');
    await store.delivered('R-TEST-2250');
    expect((await purgeReports(store, rules, '2036-01-01')).reports).toBe(1);
    expect(await state()).not.toContain('R-TEST-2250:false');
  });

  it('deletes a closed report waiting for a delivery on its day once no webhook is set: nothing will send it', async () => {
    await store.add(report(51), DUE);
    await store.closeReport('R-TEST-2251', 'done', '2026-01-01');
    expect(await state()).toContain('R-TEST-2251:false');
    const withoutWebhook = { photoKeepDays: 30, closedKeepDays: 365, webhook: undefined };
    expect((await purgeReports(store, withoutWebhook, '2026-12-31')).reports).toBe(0);
    expect((await purgeReports(store, withoutWebhook, '2027-01-01')).reports).toBe(1);
    expect(await state()).not.toContain('R-TEST-2251:false');
  });

  it('lists a page at a time by its cursor, newest first', async () => {
    for (const n of [5, 6, 7, 8, 9]) await store.add(report(n), STORED);
    const first = await store.list({ status: 'open', code: 'QS26A0404K10Z0001', limit: 3 });
    expect(first.map((one) => one.reference)).toEqual(['R-TEST-2229', 'R-TEST-2228', 'R-TEST-2227']);
    const next = await store.list({ status: 'open', code: 'QS26A0404K10Z0001', limit: 3, before: first.at(-1)!.id });
    expect(next.map((one) => one.reference)).toEqual(['R-TEST-2226', 'R-TEST-2225', 'R-TEST-2224']);
  });

  it('builds a closed case’s waiting delivery without its phone number; an open case’s keeps it', async () => {
    const waiting = { ...report(31), reference: 'R-TEST-3131', phone: '0912000111' };
    const other = { ...report(32), reference: 'R-TEST-3232', phone: '0912000222' };
    await store.add(waiting, DUE);
    await store.add(other, DUE);

    await store.closeReport(waiting.reference, 'called back', '2026-01-02');

    const claimed = (await store.claimDue(1, 60_000, 100)).filter(({ report: one }) =>
      [waiting.reference, other.reference].includes(one.reference),
    );
    const bodies = Object.fromEntries(claimed.map(({ report: one }) => [one.reference, webhookBody(one)]));
    expect(Object.values(bodies).join('\n')).not.toContain('0912000111');
    expect(JSON.parse(bodies[waiting.reference]!)).toMatchObject({ reference: waiting.reference, phone: null });
    // The open case's delivery keeps its number: the brand calls back from it.
    expect(JSON.parse(bodies[other.reference]!)).toMatchObject({ reference: other.reference, phone: '0912000222' });
    for (const one of [waiting, other]) await store.delivered(one.reference);
  });

  it('gives a due delivery to one sender at a time: another takes it only once its lease has run out', async () => {
    const leased = { ...report(60), reference: 'R-TEST-6060' };
    await store.add(leased, { ...DUE, deliveryDue: 1_000 });
    // The sender's lease with REPORT_WEBHOOK_TIMEOUT_MS at its default, 10 s.
    const lease = leaseMs(10_000);
    const mine = async (now: number) =>
      (await store.claimDue(now, lease, 100)).filter(({ report: one }) => one.reference === leased.reference);
    expect(await mine(999)).toEqual([]);
    expect((await mine(1_000)).map(({ attempts }) => attempts)).toEqual([1]);
    // A second instance claiming while the first may still send it, last of a batch of ten whose nine before it
    // each hung to the deadline, gets nothing of it.
    expect(await mine(1_001 + 10 * 10_000)).toEqual([]);
    // The first sender died: after its lease, another sends it, as a second attempt.
    expect((await mine(1_000 + lease)).map(({ attempts }) => attempts)).toEqual([2]);
    await store.retryAt(leased.reference, 500_000);
    expect(await store.nextDue()).toBe(500_000);
    await store.delivered(leased.reference);
    expect(await store.nextDue()).toBeUndefined();
    // Delivered: a late retry from a sender that failed meanwhile does not bring it back.
    await store.retryAt(leased.reference, 600_000);
    expect(await store.nextDue()).toBeUndefined();
  });

  it('stores a photo’s bytes whole and keeps none on the service’s thread (moved, or freed once sent)', async () => {
    // Last, since this report stays open. A photo as the report bodies' worker hands it over: 225 KB, a buffer
    // of its own.
    const bytes = Buffer.alloc(225 * 1024, 0x5a);
    const body = Buffer.from(bytes);
    await store.add({ ...report(43), photo: { type: 'image/jpeg', body } }, STORED);
    // Neither copied and kept on the service's thread until its next garbage collection.
    expect(body.byteLength).toBe(0);
    const stored = await store.photo(report(43).reference);
    expect(stored?.type).toBe('image/jpeg');
    expect(stored?.body.equals(bytes)).toBe(true);
  });
});

/** The migrations of `backend` before the deliveries' own (SQLite 011, PostgreSQL 008), applied to `database`. */
async function oldSchema(backend: Backend, database: TestDatabase): Promise<void> {
  const sqlite = backend.name === 'SQLite';
  const before = sqlite ? 11 : 8;
  const folder = new URL(`../../server/db/${sqlite ? 'sqlite' : 'postgres'}/migrations/`, import.meta.url);
  const migrations = readMigrations(folder).filter(({ version }) => version < before);
  if (sqlite) mkdirSync(dirname(database.config.dbPath), { recursive: true });
  for (const { sql } of migrations) await database.exec(sql);
  const versions = migrations.map(({ version }) => version);
  await database.exec(
    sqlite
      ? `PRAGMA user_version = ${Math.max(...versions)}`
      : `CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
         INSERT INTO schema_migrations (version) VALUES ${versions.map((version) => `(${version})`).join(', ')}`,
  );
}

describe.each(BACKENDS)('the deliveries’ migration on $name', { timeout: 60_000 }, (backend) => {
  it('moves a delivery waiting in the old outbox onto its report, due when it was, with its attempts', async () => {
    const database = await backend.create();
    try {
      await oldSchema(backend, database);
      await database.exec(
        `INSERT INTO reports (reference, code, reason, province, shop, phone, created_hour)
         VALUES ('R-OLD2-2222', 'QS26A0404K10Z0001', 'seal', 'hue', 'Tạp hoá', '0912000333', '2026-01-01T05:00:00.000Z'),
                ('R-OLD3-3333', 'QS26A0404K10Z0002', 'other', 'hue', NULL, NULL, '2026-01-01T05:00:00.000Z');
         INSERT INTO report_outbox (reference, body, attempts, next_at) VALUES ('R-OLD2-2222', '{}', 4, 1234)`,
      );
      const store = await openReportStore(database.config);
      try {
        expect(await store.nextDue()).toBe(1234);
        expect(await store.claimDue(1234, 60_000, 10)).toEqual([
          {
            report: {
              reference: 'R-OLD2-2222',
              code: 'QS26A0404K10Z0001',
              reason: 'seal',
              province: 'hue',
              shop: 'Tạp hoá',
              address: null,
              boughtOn: null,
              phone: '0912000333',
              pack: null,
              hasPhoto: false,
              createdHour: '2026-01-01T05:00:00.000Z',
            },
            attempts: 5,
          },
        ]);
        // The delivered report (no outbox row) waits for nothing; the outbox is gone.
        expect(Object.keys(await database.everyTable())).not.toContain('report_outbox');
      } finally {
        await store.close();
      }
    } finally {
      await database.drop();
    }
  });
});

describe('the SQLite reports’ worker', { timeout: 60_000 }, () => {
  it('is started again on the next call once it ended: one crash never ends reports for good', async () => {
    const database = await BACKENDS.find((one) => one.name === 'SQLite')!.create();
    const store = openSqliteReportWorker(
      database.config.dbPath!,
      new URL('../support/server/crashingReportWriter.ts', import.meta.url),
    );
    try {
      await expect(store.add(report(41), STORED)).rejects.toThrow('the reports writer stopped');
      expect(await store.add(report(42), STORED)).toBeUndefined();
      const open = await store.list({ status: 'open', limit: 10 });
      expect(open.map((one) => one.reference)).toEqual(['R-TEST-2242']);
    } finally {
      await store.close();
      await database.drop();
    }
  });
});
