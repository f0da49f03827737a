import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TraceResponse } from '../../src/contract/traceContract.ts';
import { LookupCounter, type CounterObserver } from '../../server/checks/lookupCounter.ts';
import { openCheckStore } from '../../server/db/openStorage.ts';
import { countsPath } from '../../server/db/sqlite/countsDatabase.ts';
import { vietnamDay } from '../../src/contract/vietnamDay.ts';
import { runTs } from '../support/system/childProcess.ts';
import { BACKENDS } from '../support/server/backends.ts';
import { startTestServer, type TestServer } from '../support/server/harness.ts';
import { rawRequest } from '../support/system/rawRequest.ts';

// Counting as the service runs it: rendered deep links, CHECKS=off, the metrics, the brand's report.

const UNIT = '1D24B3261X54A2320';
const CARTON = 'TH26A1105C48B0001';
const OTHER_UNIT = 'HP26A1105C48B0001';
const PHONE_A =
  'Mozilla/5.0 (Linux; Android 14; Phone A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const PHONE_B =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const NAVIGATE = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none' };
const ECHO_MODULE = `
export async function renderPage({ url, answerTrace }) {
  const qr = new URL(url, 'http://x').searchParams.get('qr');
  const answer = await answerTrace({ QrCode: qr });
  return { status: 200, lang: 'vi', title: 'T', description: 'D', head: '', body: '<pre>' + JSON.stringify(answer.body?.Checks ?? null) + '</pre>', state: '{}' };
}
export const busyTexts = () => ({ lang: 'vi', brand: 'Brand', primary: '#0b5cad', pageTitle: 'Busy', title: 'Busy', hint: 'Later', retry: 'Again' });`;

async function scrape(server: TestServer): Promise<string> {
  return (await fetch(`${server.metricsUrl}/metrics`)).text();
}
const metric = (text: string, series: string) =>
  Number(new RegExp(`^${series.replace(/[{}"]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);

describe('counting in the service', { timeout: 30_000 }, () => {
  let server: TestServer | undefined;
  let moduleDir: string;
  beforeAll(() => {
    moduleDir = mkdtempSync(join(tmpdir(), 'trace-ssr-'));
    writeFileSync(join(moduleDir, 'entry-server.mjs'), ECHO_MODULE);
  });
  afterAll(() => rmSync(moduleDir, { recursive: true, force: true }));
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("counts a rendered deep link as its visitor's lookup, and the page's own lookup after it as a reload", async () => {
    server = await startTestServer({ SSR_ENTRY: join(moduleDir, 'entry-server.mjs'), TRUST_PROXY: '1' });
    const page = async (agent: string, address: string) =>
      (
        await rawRequest(`${server!.url}/dt?qr=${UNIT}`, {
          headers: { 'user-agent': agent, 'x-forwarded-for': address, ...NAVIGATE },
        })
      ).body;
    const today = vietnamDay(Date.now());
    expect(await page(PHONE_A, '198.51.100.1')).toContain(
      `{"FirstDay":"${today}","Lookups":1,"Networks":1,"Caution":false}`,
    );
    expect(await page(PHONE_B, '203.0.113.1')).toContain('"Lookups":2,"Networks":2');
    // The page in PhoneA's browser asks the API for the same code: the same device, within the window.
    const api = await server.trace({ QrCode: UNIT }, { 'user-agent': PHONE_A, 'x-forwarded-for': '198.51.100.1' });
    expect(((await api.json()) as TraceResponse).Checks).toMatchObject({ Lookups: 2, Networks: 2 });
    // Lookup pages are for no index, and for no shared cache (they carry this visitor's counts); the home page is.
    const lookupPage = await rawRequest(`${server.url}/dt?qr=${UNIT}`);
    expect(lookupPage.headers['x-robots-tag']).toBe('noindex');
    expect(lookupPage.headers['cache-control']).toBe('private, no-cache');
    expect((await rawRequest(`${server.url}/?qr=${UNIT}`)).headers['x-robots-tag']).toBe('noindex');
    expect((await rawRequest(`${server.url}/`)).headers['x-robots-tag']).toBeUndefined();
  });

  it('lets a page on another allowed origin declare its purpose (CORS preflight)', async () => {
    server = await startTestServer({ CORS_ORIGINS: 'https://shop.example.com' });
    const preflight = await fetch(`${server.url}/qrinfo-svc/api/qr/trace`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-key,x-lookup-purpose',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-lookup-purpose');
  });

  it('says and stores nothing with CHECKS=off', async () => {
    server = await startTestServer({ CHECKS: 'off' });
    const response = await server.trace({ QrCode: UNIT });
    expect(await response.json()).not.toHaveProperty('Checks');
    expect((await server.trace({ QrCode: 'FAKE0000000000001' })).status).toBe(204);
    const db = new DatabaseSync(countsPath(join(server.dir, 'data', 'trace.db')), { readOnly: true });
    try {
      for (const table of ['check_codes', 'check_days', 'check_unknown', 'check_unknown_networks']) {
        expect(db.prepare(`SELECT * FROM ${table}`).all()).toEqual([]);
      }
    } finally {
      db.close();
    }
  });

  it('reports lookups by outcome and audience, unknown codes and codes crossing the network threshold', async () => {
    server = await startTestServer({
      METRICS_PORT: '0',
      CHECKS_CAUTION_NETWORKS: '2',
      STAFF_API_KEYS: 'desk',
      TRUST_PROXY: '1',
    });
    await server.trace({ QrCode: UNIT }, { 'user-agent': PHONE_A, 'x-forwarded-for': '198.51.100.1' });
    await server.trace({ QrCode: UNIT }, { 'user-agent': PHONE_B, 'x-forwarded-for': '203.0.113.1' });
    await server.trace({ QrCode: UNIT }, { 'X-Key': 'desk' });
    await server.trace({ QrCode: UNIT }, { 'user-agent': 'Googlebot/2.1' });
    await server.trace({ QrCode: CARTON }, { 'x-lookup-purpose': 'recheck' });
    await server.trace({ QrCode: 'FAKE0000000000001' }, { 'user-agent': PHONE_A });
    await server.trace({ QrCode: 'FAKE0000000000001' }, { 'x-lookup-purpose': 'staff' });
    const text = await scrape(server);
    expect(metric(text, 'trace_lookup_answers_total{outcome="found",audience="shopper"}')).toBe(2);
    expect(metric(text, 'trace_lookup_answers_total{outcome="found",audience="staff"}')).toBe(1);
    expect(metric(text, 'trace_lookup_answers_total{outcome="found",audience="recheck"}')).toBe(1);
    expect(metric(text, 'trace_lookup_answers_total{outcome="found",audience="unseen"}')).toBe(1);
    expect(metric(text, 'trace_lookup_answers_total{outcome="not_found",audience="shopper"}')).toBe(1);
    expect(metric(text, 'trace_lookup_answers_total{outcome="not_found",audience="staff"}')).toBe(1);
    expect(metric(text, 'trace_lookup_answers_total{outcome="error",audience="shopper"}')).toBe(0);
    expect(metric(text, 'trace_unknown_code_lookups_total')).toBe(1);
    // Counted when the batch is written, within seconds.
    await vi.waitFor(async () => expect(metric(await scrape(server!), 'trace_checks_caution_codes_total')).toBe(1), {
      timeout: 10_000,
    });
    expect(metric(text, 'trace_checks_dropped_lookups_total')).toBe(0);
    expect(metric(text, 'trace_checks_failed_writes_total')).toBe(0);
  });
});

describe('a full pending batch', () => {
  it('drops what does not fit and says how many, without failing the lookups', async () => {
    const database = await BACKENDS[0]!.create();
    const dropped: number[] = [];
    const observer: CounterObserver = {
      unknownLookup: () => {},
      failed: () => {},
      crossed: () => {},
      dropped: (n) => void dropped.push(n),
    };
    const counter = new LookupCounter(await openCheckStore(database.config), {
      cautionNetworks: 5,
      pendingMax: 2,
      flushMs: 3_600_000,
      observer,
    });
    try {
      for (const n of [1, 2, 3])
        expect(
          await counter.checks(UNIT, {
            audience: 'shopper',
            staffKey: false,
            address: '198.51.100.1',
            userAgent: `Phone${n}`,
          }),
        ).toBeDefined();
      expect(dropped).toEqual([1]);
      await counter.flush();
      expect(await database.rows('SELECT lookups FROM check_codes')).toEqual([{ lookups: 2 }]);
    } finally {
      await counter.close();
      await database.drop();
    }
  });
});

describe("SQLite's counts locked by another writer", { timeout: 30_000 }, () => {
  it('keeps answering with counts while a write waits for the lock, and writes once the lock is gone', async () => {
    const database = await BACKENDS[0]!.create();
    const failed: number[] = [];
    const observer: CounterObserver = {
      unknownLookup: () => {},
      crossed: () => {},
      dropped: () => {},
      failed: () => void failed.push(1),
    };
    const counter = new LookupCounter(await openCheckStore(database.config), {
      cautionNetworks: 5,
      flushMs: 3_600_000,
      observer,
    });
    // The counts' file's write lock, held by another connection (another process's batch, a backup's write).
    const locker = new DatabaseSync(countsPath(database.config.dbPath));
    try {
      expect(
        await counter.checks(UNIT, {
          audience: 'shopper',
          staffKey: false,
          address: '198.51.100.1',
          userAgent: 'PhoneA',
        }),
      ).toMatchObject({ Lookups: 1 });
      locker.exec('BEGIN IMMEDIATE');
      await counter.flush();
      expect(failed).toEqual([1]);
      // A code not in memory is still read: the lock stops writers, not readers.
      expect(
        await counter.checks(CARTON, {
          audience: 'shopper',
          staffKey: false,
          address: '198.51.100.1',
          userAgent: 'PhoneA',
        }),
      ).toMatchObject({ Lookups: 1 });
      locker.exec('COMMIT');
      await counter.flush();
      expect(await database.rows('SELECT code, lookups FROM check_codes ORDER BY code')).toEqual([
        { code: UNIT, lookups: 1 },
        { code: CARTON, lookups: 1 },
      ]);
    } finally {
      if (locker.isTransaction) locker.exec('ROLLBACK');
      locker.close();
      await counter.close();
      await database.drop();
    }
  });
});

describe.each(BACKENDS)('npm run report:codes on $name', { timeout: 60_000 }, (backend) => {
  it('prints the codes with the caution first and since when, then the most networks, and the most looked-up unknown codes as CSV; --clear forgets a caution', async () => {
    const database = await backend.create();
    const server = await startTestServer({ ...database.env, TRUST_PROXY: '1', CHECKS_CAUTION_NETWORKS: '3' });
    const lookUp = (code: string, network: number) =>
      server.trace({ QrCode: code }, { 'user-agent': PHONE_A, 'x-forwarded-for': `198.51.${network}.1` });
    try {
      for (const network of [1, 2, 3]) await lookUp(UNIT, network);
      for (const network of [1, 2]) await lookUp(OTHER_UNIT, network);
      await lookUp(CARTON, 1);
      for (const network of [1, 2]) await lookUp('FAKE0000000000002', network);
      await lookUp('FAKE0000000000001', 1);
      await vi.waitFor(async () => expect(await database.rows('SELECT code FROM check_unknown')).toHaveLength(2), {
        timeout: 10_000,
      });
      await vi.waitFor(async () => expect(await database.rows('SELECT code FROM check_codes')).toHaveLength(3), {
        timeout: 10_000,
      });
    } finally {
      await server.close();
    }
    try {
      const today = vietnamDay(Date.now());
      // The report reads CHECKS_CAUTION_NETWORKS and CHECKS_WINDOW_DAYS as the service does.
      const report = await runTs('server/cli/reportCodes.ts', {
        args: ['--since', '7d'],
        env: { ...database.env, CHECKS_CAUTION_NETWORKS: '3' },
      });
      expect(report.stderr).toBe('');
      expect(report.code).toBe(0);
      expect(report.stdout).toBe(
        [
          'kind,code,networks,lookups,first_day,caution_since,days',
          `code,${UNIT},3,3,${today},${today},`,
          `code,${OTHER_UNIT},2,2,${today},,`,
          `code,${CARTON},1,1,${today},,`,
          'unknown,FAKE0000000000002,,2,,,1',
          'unknown,FAKE0000000000001,,1,,,1',
          '',
        ].join('\n'),
      );
      const cleared = await runTs('server/cli/reportCodes.ts', {
        args: ['--clear', UNIT.toLowerCase()],
        env: { ...database.env, CHECKS_CAUTION_NETWORKS: '3' },
      });
      expect(cleared.code).toBe(0);
      expect(cleared.stdout).toBe(`${UNIT}: cleared 3 networks of the last 30 days and the caution (lookups kept)\n`);
      const after = await runTs('server/cli/reportCodes.ts', {
        args: ['--since', '7d'],
        env: { ...database.env, CHECKS_CAUTION_NETWORKS: '3' },
      });
      expect(after.stdout.split('\n').slice(1, 4)).toEqual([
        `code,${OTHER_UNIT},2,2,${today},,`,
        `code,${CARTON},1,1,${today},,`,
        `code,${UNIT},0,3,${today},,`,
      ]);
      const unknown = await runTs('server/cli/reportCodes.ts', {
        args: ['--clear', 'FAKE0000000000009'],
        env: database.env,
      });
      expect(unknown.stdout).toBe('FAKE0000000000009: no lookup counts to clear\n');
      const bad = await runTs('server/cli/reportCodes.ts', { args: ['--since', 'last week'], env: database.env });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('--since last week: expected a number of days (7d) or a day (YYYY-MM-DD)');
      expect(bad.stdout).toBe('');
    } finally {
      await database.drop();
    }
  });
});
