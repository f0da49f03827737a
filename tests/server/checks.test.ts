import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TraceChecks, TraceResponse } from '../../src/contract/traceContract.ts';
import { vietnamDay } from '../../src/contract/vietnamDay.ts';
import { BACKENDS, type TestDatabase } from '../support/server/backends.ts';
import { startTestServer, type TestServer } from '../support/server/harness.ts';

// Issue 26: shoppers' lookups of a code are counted (first day, lookups, distinct networks), and each
// answer says so. The answers and the database, as the shopper and the operator see them.

const UNIT = '1D24B3261X54A2320';
const CARTON = 'TH26A1105C48B0001';
const OTHER_UNIT = 'HP26A1105C48B0001';
const STAFF_KEY = 'desk-key';
/** A user agent no table may ever hold. */
const PHONE = (n: number) => `Mozilla/5.0 (Linux; Android 14; TraceTestPhone-${n}) Mobile`;

describe.each(BACKENDS)('lookup counts on $name', { timeout: 30_000 }, (backend) => {
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await backend.create();
    server = await startTestServer({ ...database.env, STAFF_API_KEYS: STAFF_KEY, CHECKS_CAUTION_NETWORKS: '3' });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const checksOf = async (code: string, headers: Record<string, string>): Promise<TraceChecks | null | undefined> => {
    const response = await server.trace({ QrCode: code }, headers);
    expect(response.status).toBe(200);
    return ((await response.json()) as TraceResponse).Checks;
  };
  const stored = async (code: string) =>
    (await database.rows(`SELECT first_day, lookups FROM check_codes WHERE code = '${code}'`))[0];

  it("counts a shopper's first lookup, and a reload from the same phone only once", async () => {
    const today = vietnamDay(Date.now());
    expect(await checksOf(UNIT, { 'user-agent': PHONE(1) })).toEqual({
      FirstDay: today,
      Lookups: 1,
      Networks: 1,
      Caution: false,
    });
    expect(await checksOf(UNIT, { 'user-agent': PHONE(1) })).toEqual({
      FirstDay: today,
      Lookups: 1,
      Networks: 1,
      Caution: false,
    });
    // Written in the background, within seconds: what every instance on the database then reads.
    await vi.waitFor(async () => expect(await stored(UNIT)).toEqual({ first_day: today, lookups: 1 }), {
      timeout: 10_000,
    });
    expect(await checksOf(UNIT, { 'user-agent': PHONE(1) })).toEqual({
      FirstDay: today,
      Lookups: 1,
      Networks: 1,
      Caution: false,
    });
  });

  it("counts each other phone's lookup; phones on one network are one network, short of the caution", async () => {
    const today = vietnamDay(Date.now());
    expect(await checksOf(UNIT, { 'user-agent': PHONE(2) })).toEqual({
      FirstDay: today,
      Lookups: 2,
      Networks: 1,
      Caution: false,
    });
    expect(await checksOf(UNIT, { 'user-agent': PHONE(3) })).toEqual({
      FirstDay: today,
      Lookups: 3,
      Networks: 1,
      Caution: false,
    });
    await vi.waitFor(async () => expect(await stored(UNIT)).toEqual({ first_day: today, lookups: 3 }), {
      timeout: 10_000,
    });
    // A carton is counted as its own code.
    expect(await checksOf(CARTON, { 'user-agent': PHONE(3) })).toEqual({
      FirstDay: today,
      Lookups: 1,
      Networks: 1,
      Caution: false,
    });
  });

  it('answers staff and the recall watch with the counts, and never counts them', async () => {
    const counted = await stored(UNIT);
    const before = {
      FirstDay: counted!.first_day,
      Lookups: counted!.lookups,
      Networks: 1,
      Caution: false,
    };
    expect(await checksOf(UNIT, { 'user-agent': PHONE(4), 'X-Key': STAFF_KEY })).toEqual(before);
    // A staff key is staff whatever it declares.
    expect(await checksOf(UNIT, { 'user-agent': PHONE(5), 'X-Key': STAFF_KEY, 'x-lookup-purpose': 'recheck' })).toEqual(
      before,
    );
    expect(await checksOf(UNIT, { 'user-agent': PHONE(6), 'x-lookup-purpose': 'staff' })).toEqual(before);
    expect(await checksOf(UNIT, { 'user-agent': PHONE(7), 'x-lookup-purpose': 'recheck' })).toEqual(before);
    // Never counted: nothing to say.
    expect(await checksOf(OTHER_UNIT, { 'user-agent': PHONE(8), 'x-lookup-purpose': 'staff' })).toBeUndefined();
    // A shopper's lookup after them: the fourth lookup, not the eighth.
    expect(await checksOf(UNIT, { 'user-agent': PHONE(9) })).toMatchObject({ Lookups: 4, Networks: 1 });
    await vi.waitFor(async () => expect(await stored(UNIT)).toMatchObject({ lookups: 4 }), {
      timeout: 10_000,
    });
    expect(await stored(OTHER_UNIT)).toBeUndefined();
  });

  it('refuses a purpose the contract does not know, and counts nothing for it', async () => {
    const response = await server.trace(
      { QrCode: OTHER_UNIT },
      { 'user-agent': PHONE(10), 'x-lookup-purpose': 'brand' },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'VALIDATION',
      Message: 'X-Lookup-Purpose must be one of: staff, recheck',
    });
    expect(await checksOf(OTHER_UNIT, { 'user-agent': PHONE(10), 'x-lookup-purpose': 'staff' })).toBeUndefined();
  });

  it("counts shoppers' lookups of unknown codes apart, per day; records (uncounted) other clients' but a staff key's", async () => {
    const today = vietnamDay(Date.now());
    for (const agent of [PHONE(11), PHONE(12)])
      expect((await server.trace({ QrCode: 'FAKE0000000000001' }, { 'user-agent': agent })).status).toBe(204);
    expect((await server.trace({ QrCode: 'FAKE0000000000002' }, { 'x-lookup-purpose': 'staff' })).status).toBe(204);
    expect((await server.trace({ QrCode: 'FAKE0000000000003' }, { 'X-Key': STAFF_KEY })).status).toBe(204);
    await vi.waitFor(
      async () =>
        expect(await database.rows('SELECT day, code, lookups FROM check_unknown ORDER BY code')).toEqual([
          { day: today, code: 'FAKE0000000000001', lookups: 2 },
          { day: today, code: 'FAKE0000000000002', lookups: 0 },
        ]),
      { timeout: 10_000 },
    );
  });

  it('keeps nothing of the visitor: no table holds an address, a user agent or a salt', async () => {
    const tables = await database.everyTable();
    expect(Object.keys(tables)).toEqual(
      expect.arrayContaining(['check_codes', 'check_days', 'check_unknown', 'check_unknown_networks']),
    );
    expect(Object.keys(tables)).not.toContain('check_salts');
    const text = JSON.stringify(tables, (_key, value: unknown) =>
      value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value,
    );
    for (const secret of ['TraceTestPhone', 'Android', 'Mozilla', '127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect(text).not.toContain(secret);
    // SQLite keeps no device at all (its repeat window is the counter's memory).
    if (backend.name === 'SQLite') {
      expect(Object.keys(tables)).not.toContain('check_devices');
      return;
    }
    // PostgreSQL's device rows are today's, hashes of the day's salt (kept in memory), times to the minute.
    expect(tables.check_devices!.length).toBeGreaterThan(0);
    const today = vietnamDay(Date.now());
    for (const row of tables.check_devices!) {
      expect(Object.keys(row).sort()).toEqual(['code', 'day', 'device', 'last_at']);
      expect(row).toMatchObject({ day: today, device: expect.stringMatching(/^[\w-]{22}$/) });
      expect(Number(row.last_at) % 60_000).toBe(0);
    }
  });
});
