import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { countsPath } from '../../server/db/sqlite/countsDatabase.ts';
import { runTs } from '../support/system/childProcess.ts';
import { BACKENDS, type TestDatabase } from '../support/server/backends.ts';
import { BROWSER_AGENT, startTestServer, type TestServer } from '../support/server/harness.ts';
import { HEADER, writeTempFile } from '../support/server/importFiles.ts';

// Issue 36 point 11: while `npm run import` writes a big file, every counted lookup is in the database once
// the import is done. The counts are in a file of their own (server/db/sqlite/countsDatabase.ts), which the
// import does not lock: no batch waits for it. The second test holds the counts' file's lock itself, past
// the counter's wait, so a refused write is certain: the batch waits for the next flush instead of being
// dropped, and a refused batch is one log line without a stack.

const ROWS = 300_000;
const CODES = [
  '1D24B3261X54A2320',
  ...Array.from({ length: 14 }, (_c, i) => `HP26A1105C48B${String(i + 1).padStart(4, '0')}`),
];

describe('lookups counted through a big import, on SQLite', { timeout: 180_000 }, () => {
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await BACKENDS.find(({ name }) => name === 'SQLite')!.create();
    server = await startTestServer({ ...database.env, TRUST_PROXY: '1', RATE_LIMIT_MAX: '0', LOG_LEVEL: 'warn' });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('finds every count once the import is written', async () => {
    const rows = Array.from(
      { length: ROWS },
      (_row, i) =>
        `IM27A0101X${String(i).padStart(8, '0')},IM1L,Sữa nhập,hộp,1000,ml,L${i % 7},2027-01-01,2027-03-01,,`,
    );
    const file = writeTempFile('big.csv', `${HEADER}\n${rows.join('\n')}\n`);
    let done = false;
    const importing = runTs('server/cli/import.ts', { args: [file], env: database.env }).finally(() => (done = true));
    let looked = 0;
    let phone = 0;
    // Each lookup a new phone, so each one counts.
    while (!done) {
      phone++;
      const response = await server.trace(
        { QrCode: CODES[phone % CODES.length] },
        {
          'user-agent': `${BROWSER_AGENT} phone/${phone}`,
          'x-forwarded-for': `198.51.${phone % 250}.${1 + (phone % 7)}`,
        },
      );
      // Found, or not once the import has replaced the codes the file does not list.
      expect([200, 204]).toContain(response.status);
      if (response.status === 200) looked++;
    }
    const imported = await importing;
    expect(imported.code, imported.stderr).toBe(0);
    expect(looked).toBeGreaterThan(100);
    const counted = async () =>
      Number((await database.rows('SELECT sum(lookups) AS lookups FROM check_codes'))[0]!.lookups);
    await vi.waitFor(async () => expect(await counted()).toBe(looked), { timeout: 60_000, interval: 500 });
    // No batch had to wait for the import, let alone be refused.
    expect(server.logs.filter((line) => line.includes('lookup counts not written'))).toEqual([]);
  });

  it('keeps the counts while another writer holds the lock past the wait, says so in one line, then writes them', async () => {
    const counted = async () =>
      Number((await database.rows('SELECT sum(lookups) AS lookups FROM check_codes'))[0]?.lookups ?? 0);
    const before = await counted();
    const writer = new DatabaseSync(countsPath(database.env.TRACE_DB!));
    const refusedBefore = server.logs.filter((line) => line.includes('lookup counts not written')).length;
    // Another program's write transaction on the counts' file (a backup's, another process's) holds SQLite's
    // lock longer than the counter waits.
    writer.exec('BEGIN IMMEDIATE');
    let looked = 0;
    try {
      for (let phone = 1; phone <= 20; phone++) {
        const response = await server.trace(
          // A code of the imported file (the import replaced the demo's).
          { QrCode: `IM27A0101X${String(phone).padStart(8, '0')}` },
          { 'user-agent': `${BROWSER_AGENT} locked/${phone}`, 'x-forwarded-for': `203.0.${phone}.9` },
        );
        expect(response.status).toBe(200);
        looked++;
      }
      // The counter tried, waited its bound and was refused: one line, no stack, nothing dropped.
      await vi.waitFor(
        () =>
          expect(server.logs.filter((line) => line.includes('lookup counts not written')).length).toBeGreaterThan(
            refusedBefore,
          ),
        { timeout: 60_000, interval: 250 },
      );
    } finally {
      writer.exec('ROLLBACK');
      writer.close();
    }
    const refused = server.logs.filter((line) => line.includes('lookup counts not written')).slice(refusedBefore);
    for (const line of refused) {
      expect(line).not.toContain('"stack"');
      expect(line).not.toContain('dropped');
    }
    // Once the lock is gone, every lookup made meanwhile is written.
    await vi.waitFor(async () => expect(await counted()).toBe(before + looked), { timeout: 60_000, interval: 500 });
  });
});
