import { afterAll, describe, expect, it, vi } from 'vitest';
import { vietnamDay } from '../../src/contract/vietnamDay.ts';
import { openStorage } from '../../server/db/openStorage.ts';
import type { TraceStorage } from '../../server/db/storage.ts';
import { BACKENDS, type TestDatabase } from '../support/server/backends.ts';
import { startTestServer, type TestServer } from '../support/server/harness.ts';

// Issue 26 point 9: with counting on, a lookup reads the code's stored counts in the same statement
// as the code (a second read per lookup was most of what counting cost the service's thread).

const UNIT = '1D24B3261X54A2320';
const CARTON = 'TH26A1105C48B0001';

describe.each(BACKENDS)('a lookup with counting on, on $name', { timeout: 30_000 }, (backend) => {
  let database: TestDatabase | undefined;
  let server: TestServer | undefined;
  let storage: TraceStorage | undefined;
  afterAll(async () => {
    await storage?.close();
    await server?.close();
    await database?.drop();
  });

  it("reads the code's stored counts with the code: none for a code never counted, and only when asked", async () => {
    database = await backend.create();
    server = await startTestServer(database.env);
    expect((await server.trace({ QrCode: UNIT })).status).toBe(200);
    await vi.waitFor(
      async () =>
        expect(await database!.rows(`SELECT lookups FROM check_codes WHERE code = '${UNIT}'`)).toEqual([
          { lookups: 1 },
        ]),
      {
        timeout: 10_000,
      },
    );
    storage = await openStorage(database.config);
    const counted = await storage.openLookup({ counts: true });
    expect((await counted.find(UNIT))?.counts).toEqual({
      firstDay: vietnamDay(Date.now()),
      lookups: 1,
      networks: expect.stringMatching(/^[0-9a-f]{2}\d{5}$/),
    });
    expect((await counted.find(CARTON))?.counts).toBeNull();
    expect((await (await storage.openLookup()).find(UNIT))?.counts).toBeUndefined();
  });
});

describe('a lookup with counting on, on PostgreSQL', { timeout: 40_000 }, () => {
  let database: TestDatabase | undefined;
  let server: TestServer | undefined;
  let storage: TraceStorage | undefined;
  afterAll(async () => {
    await storage?.close();
    await server?.close();
    await database?.drop();
  });

  it("reads the counts through check_codes' index, even with a plan made while the table was empty", async () => {
    database = await BACKENDS.find(({ name }) => name === 'PostgreSQL')!.create();
    server = await startTestServer(database.env);
    storage = await openStorage(database.config);
    const lookup = await storage.openLookup({ counts: true });
    const indexScans = async () =>
      Number(
        (await database!.rows(`SELECT idx_scan FROM pg_stat_user_tables WHERE relname = 'check_codes'`))[0]?.idx_scan ??
          0,
      );
    const before = await indexScans();
    // Past PostgreSQL's first five plans of a prepared statement: the sixth on is the one plan it keeps.
    for (let i = 0; i < 10; i++) await lookup.find(UNIT);
    await vi.waitFor(async () => expect(await indexScans()).toBeGreaterThanOrEqual(before + 10), { timeout: 20_000 });
  });
});
