import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { runTs } from '../support/system/childProcess.ts';
import { BACKENDS } from '../support/server/backends.ts';
import { startTestServer, TRACE_URL_PATH, type TestServer } from '../support/server/harness.ts';
import { csv, writeTempFile } from '../support/server/importFiles.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const TRACE_ROUTE = `route="${TRACE_URL_PATH}"`;

async function scrape(metricsUrl: string | undefined): Promise<string> {
  const response = await fetch(`${metricsUrl}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of the one sample whose name and labels contain every part, 0 when there is none. */
function sample(text: string, name: string, ...parts: string[]): number {
  const lines = text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) && parts.every((part) => line.includes(part)));
  expect(lines.length).toBeLessThanOrEqual(1);
  return lines[0] === undefined ? 0 : Number(lines[0].slice(lines[0].lastIndexOf(' ') + 1));
}

describe('with METRICS_PORT', () => {
  it('counts requests by route pattern and status, and lookups by outcome', async () => {
    server = await startTestServer({ METRICS_PORT: '0', RATE_LIMIT_MAX: '5' });
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.metricsUrl).not.toBe(server.url);
    const before = await scrape(server.metricsUrl);
    expect(sample(before, 'trace_lookups_total', 'outcome="found"')).toBe(0);

    const statuses = [
      (await server.trace({ QrCode: '1D24B3261X54A2320' })).status,
      (await server.trace({ QrCode: 'th26a1105c48b0001' })).status,
      (await server.trace({ QrCode: 'ZZ000000000000000' })).status,
      (await server.trace({ QrCode: '1D24B3261X54A2320' }, { 'X-Key': 'guessed' })).status,
      (await server.trace({ QrCode: 'short' })).status,
      (await server.trace({ QrCode: '1D24B3261X54A2320' })).status,
    ];
    expect(statuses).toEqual([200, 200, 204, 401, 400, 429]);
    await (await fetch(`${server.url}/healthz`)).text();
    for (const probe of ['/wp-login.php', '/.env', '/qrinfo-svc/api/nothing-here-1'])
      await (await fetch(`${server.url}${probe}`)).text();

    const after = await scrape(server.metricsUrl);
    expect(sample(after, 'trace_lookups_total', 'outcome="found"')).toBe(2);
    expect(sample(after, 'trace_lookups_total', 'outcome="not_found"')).toBe(1);
    expect(sample(after, 'trace_lookups_total', 'outcome="unauthorized"')).toBe(1);
    expect(sample(after, 'trace_lookups_total', 'outcome="invalid"')).toBe(1);
    expect(sample(after, 'trace_lookups_total', 'outcome="rate_limited"')).toBe(1);
    expect(sample(after, 'trace_lookups_total', 'outcome="error"')).toBe(0);

    const count = 'trace_http_request_duration_seconds_count';
    expect(sample(after, count, 'method="POST"', TRACE_ROUTE, 'status="200"')).toBe(2);
    expect(sample(after, count, 'method="POST"', TRACE_ROUTE, 'status="429"')).toBe(1);
    expect(sample(after, count, 'method="GET"', 'route="/healthz"', 'status="200"')).toBe(1);
    expect(sample(after, 'trace_http_request_duration_seconds_bucket', TRACE_ROUTE, 'status="200"', 'le="+Inf"')).toBe(
      2,
    );
    expect(sample(after, 'trace_http_request_duration_seconds_sum', TRACE_ROUTE, 'status="200"')).toBeGreaterThan(0);
    // Unrouted requests share one series: a client cannot mint new ones with new URLs.
    expect(sample(after, count, 'method="GET"', 'route="unmatched"', 'status="404"')).toBe(3);
    expect(after).not.toMatch(/wp-login|\.env|nothing-here/);
    // Process figures come with it (CPU, memory, event-loop delay).
    expect(after).toMatch(/^process_cpu_seconds_total \d/m);
  });

  it('serves them only on the metrics port', async () => {
    server = await startTestServer({ METRICS_PORT: '0' });
    const onMain = await fetch(`${server.url}/metrics`);
    expect(onMain.status).toBe(404);
    expect(await onMain.text()).not.toMatch(/trace_lookups_total/);
    expect((await fetch(`${server.metricsUrl}/`)).status).toBe(404);
    expect((await fetch(`${server.metricsUrl}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});

// A service and three import processes on a fresh database: seconds each on a busy machine.
describe.each(BACKENDS)('import runs on $name', { timeout: 30_000 }, (backend) => {
  it('counts the imports any process ran on the database, by outcome, with when the last one ended', async () => {
    const database = await backend.create();
    try {
      const { env } = database;
      server = await startTestServer({ ...env, METRICS_PORT: '0' });
      // The new database was seeded with the demo data: one import, written.
      const seeded = await scrape(server.metricsUrl);
      expect(sample(seeded, 'trace_import_runs_total', 'outcome="written"')).toBe(1);
      expect(sample(seeded, 'trace_import_runs_total', 'outcome="rejected"')).toBe(0);
      expect(sample(seeded, 'trace_import_last_run_timestamp_seconds', 'outcome="rejected"')).toBe(0);

      const started = Date.now() / 1000;
      const good = writeTempFile(
        'good.csv',
        csv('LN27A0201G85X00001,SB850G,Sữa bột 850g,lon,850,gam,L2027-0201,2027-02-01,2029-02-01,,'),
      );
      const bad = writeTempFile(
        'bad.csv',
        csv('SHORT,SB850G,Sữa bột 850g,lon,850,gam,L2027-0201,2027-02-01,2029-02-01,,'),
      );
      expect((await runTs('server/cli/import.ts', { args: [good], env })).code).toBe(0);
      expect((await runTs('server/cli/import.ts', { args: [bad], env })).code).toBe(1);
      // A file it cannot read at all (no header it knows) stops the import with an error.
      expect(
        (await runTs('server/cli/import.ts', { args: [writeTempFile('odd.csv', 'what,is,this\n1,2,3\n')], env })).code,
      ).toBe(1);

      const after = await scrape(server.metricsUrl);
      expect(sample(after, 'trace_import_runs_total', 'outcome="written"')).toBe(2);
      expect(sample(after, 'trace_import_runs_total', 'outcome="rejected"')).toBe(1);
      expect(sample(after, 'trace_import_runs_total', 'outcome="failed"')).toBe(1);
      expect(sample(after, 'trace_import_last_run_timestamp_seconds', 'outcome="rejected"')).toBeGreaterThanOrEqual(
        Math.floor(started) - 1,
      );
    } finally {
      await server?.close();
      server = undefined;
      await database.drop();
    }
  });
});

it('still answers a scrape when the database cannot give the import runs, with the figures it last read', async () => {
  // PostgreSQL: every read sees the drop at once (a SQLite lookup keeps its snapshot for up to 100 ms).
  const database = await BACKENDS[1]!.create();
  try {
    server = await startTestServer({ ...database.env, METRICS_PORT: '0' });
    expect(sample(await scrape(server.metricsUrl), 'trace_import_runs_total', 'outcome="written"')).toBe(1);
    await database.exec('DROP TABLE import_runs');
    expect((await server.trace({ QrCode: '1D24B3261X54A2320' })).status).toBe(200);
    const during = await scrape(server.metricsUrl);
    expect(sample(during, 'trace_import_runs_total', 'outcome="written"')).toBe(1);
    expect(sample(during, 'trace_lookups_total', 'outcome="found"')).toBe(1);
  } finally {
    await server?.close();
    server = undefined;
    await database.drop();
  }
});

describe('without METRICS_PORT', () => {
  it('serves no metrics anywhere', async () => {
    server = await startTestServer();
    expect(server.metricsUrl).toBeUndefined();
    const onMain = await fetch(`${server.url}/metrics`);
    expect(onMain.status).toBe(404);
    expect(await onMain.text()).not.toMatch(/trace_lookups_total/);
  });
});

it('refuses a METRICS_PORT that is also the public port', () => {
  expect(() => loadConfig({ PORT: '9000', METRICS_PORT: '9000' })).toThrow(/METRICS_PORT=9000 is also PORT/);
  expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT=nine: expected a whole number/);
  expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toMatchObject({
    metricsPort: 9464,
    metricsHost: '0.0.0.0',
  });
});
