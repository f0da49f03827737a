import { rmSync } from 'node:fs';
import pg from 'pg';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { TRACE_API_BASE_PATH, type TraceChecks, type TraceResponse } from '../../src/contract/traceContract.ts';
import { startService, type ServiceProcess } from '../support/system/childProcess.ts';
import { startPostgres, type PostgresServer } from '../support/system/postgres.ts';
import { BACKENDS, type TestDatabase } from '../support/server/backends.ts';
import { DEMO_KEY, makeSiteDir, startTestServer, TRACE_URL_PATH, type TestServer } from '../support/server/harness.ts';
import { startTcpGate, type TcpGate } from '../support/system/tcpGate.ts';

// Counting never fails or holds a lookup: a killed process loses at most its pending batch, and while
// the database is away lookups are answered and their counts wait for it.

const UNIT = '1D24B3261X54A2320';
const CARTON = 'TH26A1105C48B0001';

/** Phone `name`'s browser. */
const phoneAgent = (name: string) =>
  `Mozilla/5.0 (Linux; Android 14; Phone ${name}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36`;

/** The page's key of the page servers in upstream mode: never the upstream's own (refused at start). */
const FRONT_KEY = 'front-page-key';

async function checksAt(
  url: string,
  code: string,
  agent: string,
  key = DEMO_KEY,
): Promise<{ status: number; checks: TraceChecks | null | undefined }> {
  const response = await fetch(`${url}${TRACE_URL_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Key': key, 'user-agent': phoneAgent(agent) },
    body: JSON.stringify({ QrCode: code }),
  });
  return {
    status: response.status,
    checks: response.status === 200 ? ((await response.json()) as TraceResponse).Checks : undefined,
  };
}

type StoredCounts = (code: string) => Promise<unknown>;

/**
 * A lookup counted and written; the database goes away: lookups are answered (a code whose counts are in
 * memory with them, this lookup included; one never read, without) and writes fail; it comes back: what
 * waited is written.
 */
async function countsWaitForTheDatabase(
  front: TestServer,
  stored: StoredCounts,
  { away, back }: { away: () => unknown; back: () => unknown },
): Promise<void> {
  expect(await checksAt(front.url, UNIT, 'A', FRONT_KEY)).toMatchObject({
    status: 200,
    checks: { Lookups: 1, Networks: 1 },
  });
  await vi.waitFor(async () => expect(await stored(UNIT)).toEqual({ lookups: 1 }), { timeout: 10_000 });

  await away();
  expect(await checksAt(front.url, UNIT, 'B', FRONT_KEY)).toMatchObject({
    status: 200,
    checks: { Lookups: 2, Networks: 1 },
  });
  expect(await checksAt(front.url, CARTON, 'B', FRONT_KEY)).toEqual({ status: 200, checks: undefined });
  const failedWrites = async () =>
    Number(
      /^trace_checks_failed_writes_total (\d+)$/m.exec(await (await fetch(`${front.metricsUrl}/metrics`)).text())?.[1],
    );
  await vi.waitFor(async () => expect(await failedWrites()).toBeGreaterThan(0), { timeout: 10_000 });
  expect((await checksAt(front.url, UNIT, 'C', FRONT_KEY)).status).toBe(200);

  await back();
  await vi.waitFor(async () => expect(await stored(UNIT)).toEqual({ lookups: 3 }), { timeout: 15_000 });
  await vi.waitFor(async () => expect(await stored(CARTON)).toEqual({ lookups: 1 }), { timeout: 10_000 });
}

describe.each(BACKENDS)('a service process killed with SIGKILL, on $name', { timeout: 60_000 }, (backend) => {
  let database: TestDatabase;
  const dir = makeSiteDir();
  let service: ServiceProcess | undefined;
  afterAll(async () => {
    await service?.stop();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loses at most the lookups not yet written, and the next process counts on from what was', async () => {
    database = await backend.create();
    const env = {
      ...database.env,
      STATIC_DIR: join(dir, 'dist'),
      TRACE_API_KEYS: DEMO_KEY,
      RATE_LIMIT_MAX: '0',
      SEED_DEMO: '1',
    };
    service = await startService(env);
    for (const phone of ['A', 'B', 'C']) expect((await checksAt(service.url, UNIT, phone)).status).toBe(200);
    const stored = async () => (await database.rows(`SELECT lookups FROM check_codes WHERE code = '${UNIT}'`))[0];
    await vi.waitFor(async () => expect(await stored()).toEqual({ lookups: 3 }), { timeout: 10_000 });
    for (const phone of ['D', 'E'])
      expect((await checksAt(service.url, UNIT, phone)).checks).toMatchObject({ Lookups: phone === 'D' ? 4 : 5 });
    service.child.kill('SIGKILL');
    expect(await service.exited).toMatchObject({ signal: 'SIGKILL' });
    const after = await stored();
    // The written batch stays; the two lookups after it were written or lost with the process.
    expect(after!.lookups).toBeGreaterThanOrEqual(3);
    expect(after!.lookups).toBeLessThanOrEqual(5);
    service = await startService({ ...env, SEED_DEMO: '0' });
    expect((await checksAt(service.url, UNIT, 'F')).checks).toMatchObject({
      Lookups: Number(after!.lookups) + 1,
      Networks: 1,
    });
  });
});

describe("PostgreSQL away, in upstream mode (counts in the service's own database)", { timeout: 60_000 }, () => {
  let upstream: TestServer | undefined;
  let front: TestServer | undefined;
  let gate: TcpGate | undefined;
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await front?.close();
    await upstream?.close();
    await gate?.close();
    await database?.drop();
  });

  it('keeps answering while the database is away, and writes the counts that waited once it is back', async () => {
    upstream = await startTestServer();
    database = await BACKENDS.find(({ name }) => name === 'PostgreSQL')!.create();
    const url = new URL(database.env.DATABASE_URL!);
    gate = await startTcpGate(url.hostname, Number(url.port));
    url.port = String(gate.port);
    front = await startTestServer({
      DATABASE_URL: url.toString(),
      TRACE_UPSTREAM_URL: `${upstream.url}${TRACE_API_BASE_PATH}`,
      TRACE_UPSTREAM_KEY: DEMO_KEY,
      TRACE_API_KEYS: FRONT_KEY,
      METRICS_PORT: '0',
    });
    const stored = async (code: string) =>
      (await database!.rows(`SELECT lookups FROM check_codes WHERE code = '${code}'`))[0];
    await countsWaitForTheDatabase(front, stored, { away: () => gate!.cut(), back: () => gate!.open() });
  });
});

describe('PostgreSQL stopped and started again, in upstream mode', { timeout: 90_000 }, () => {
  let upstream: TestServer | undefined;
  let front: TestServer | undefined;
  let postgres: PostgresServer | undefined;
  afterEach(async () => {
    await front?.close();
    await upstream?.close();
    await postgres?.stop();
  });

  it('keeps answering while PostgreSQL is down, and writes the counts that waited once it is back', async () => {
    upstream = await startTestServer();
    // A server of this test's own: the one the other tests share is never stopped.
    postgres = await startPostgres();
    const databaseUrl = await postgres.createDatabase();
    front = await startTestServer({
      DATABASE_URL: databaseUrl,
      TRACE_UPSTREAM_URL: `${upstream.url}${TRACE_API_BASE_PATH}`,
      TRACE_UPSTREAM_KEY: DEMO_KEY,
      TRACE_API_KEYS: FRONT_KEY,
      METRICS_PORT: '0',
    });
    const stored = async (code: string) => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return (await client.query('SELECT lookups FROM check_codes WHERE code = $1', [code])).rows[0] as unknown;
      } finally {
        await client.end();
      }
    };
    await countsWaitForTheDatabase(front, stored, { away: () => postgres!.halt(), back: () => postgres!.restart() });
  });
});
