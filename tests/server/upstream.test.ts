import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_HEADER, TRACE_API_BASE_PATH, type TraceResponse } from '../../src/contract/traceContract.ts';
import { loadConfig } from '../../server/config.ts';
import { start, type Started } from '../../server/main.ts';
import { OTHER_CODE, startFaultProxy, type FaultProxy } from '../support/system/faultProxy.ts';
import { runTs } from '../support/system/childProcess.ts';
import {
  BROWSER_AGENT,
  DEMO_KEY,
  makeSiteDir,
  startTestServer,
  TRACE_URL_PATH,
  type TestServer,
} from '../support/server/harness.ts';

// The page server in upstream mode (issue 24) in front of the reference service itself, on its own
// port and database, with a fault-injecting proxy between them.

const KNOWN = '1D24B3261X54A2320';
const UNKNOWN = 'ZZZZZZZZZZZZZZZZZ';
const PAGE_KEY = 'page-key-for-browsers';

let upstream: TestServer;
let proxy: FaultProxy;
let pageServer: Started | undefined;
let dir: string;
/** What the page server logged (LOG_LEVEL=silent unless a test sets it). */
let logs: string[] = [];

beforeAll(async () => {
  upstream = await startTestServer();
  proxy = await startFaultProxy(upstream.url);
  dir = mkdtempSync(join(tmpdir(), 'trace-upstream-'));
});
afterAll(async () => {
  await proxy.stop();
  await upstream.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  proxy.set('pass');
  proxy.forCode = undefined;
  await proxy.up().catch(() => {});
  if (pageServer) {
    const closing = pageServer.app.close();
    pageServer.app.server.closeAllConnections();
    await closing;
  }
  pageServer = undefined;
});

async function startPageServer(env: Record<string, string> = {}): Promise<Started> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    STATIC_DIR: join(dir, 'no-page'),
    SSR_ENTRY: join(dir, 'no-ssr.js'),
    // The page server's own lookup counts (issue 26).
    TRACE_DB: join(dir, 'counts.db'),
    LOG_LEVEL: 'silent',
    METRICS_PORT: '0',
    TRACE_API_KEYS: PAGE_KEY,
    TRACE_UPSTREAM_URL: `${proxy.url}${TRACE_API_BASE_PATH}/`,
    TRACE_UPSTREAM_KEY: DEMO_KEY,
    TRACE_UPSTREAM_TIMEOUT_MS: '1500',
    TRACE_UPSTREAM_CACHE_TTL_S: '0',
    ...env,
  });
  logs = [];
  pageServer = await start(config, { logStream: { write: (line) => void logs.push(line) } });
  return pageServer;
}

const lookup = (server: Started, code: string, key = PAGE_KEY) =>
  fetch(`${server.url}${TRACE_URL_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [API_KEY_HEADER]: key, 'user-agent': BROWSER_AGENT },
    body: JSON.stringify({ QrCode: code }),
  });

/**
 * The contract's error body without an endpoint, which the page shows as its plain "System error!"
 * (the catalogue; the page itself is checked in tests/e2e/upstream.e2e.ts). Also a check that the
 * answer is never a 500.
 */
async function expectPlainSystemError(response: Response) {
  expect(response.status).not.toBe(500);
  expect(await response.json()).toEqual({
    error: 'INTERNAL_SERVER_ERROR',
    Message: expect.any(String),
    status: response.status,
    EndPoint: '',
  });
}

async function metric(server: Started, name: string): Promise<number> {
  const text = await (await fetch(`${server.metricsUrl}/metrics`)).text();
  const line = text.split('\n').find((row) => row.startsWith(`${name} `));
  return line === undefined ? NaN : Number(line.slice(name.length + 1));
}
const outcomes = (server: Started, outcome: string) =>
  metric(server, `trace_upstream_lookups_total{outcome="${outcome}"}`);

describe('upstream mode', () => {
  it("answers lookups with the upstream's own answers, checking the page's key and sending its own onwards", async () => {
    const server = await startPageServer();
    const direct = await upstream.trace({ QrCode: KNOWN });
    const through = await lookup(server, KNOWN.toLowerCase());
    expect(through.status).toBe(200);
    // The item as the upstream gave it; the counts are the page server's own (issue 26).
    const { Checks: _theirs, ...item } = (await direct.json()) as TraceResponse;
    expect(await through.json()).toEqual({
      ...item,
      Checks: { FirstDay: expect.any(String), Lookups: 1, Networks: 1, Caution: false },
    });
    expect((await lookup(server, UNKNOWN)).status).toBe(204);
    // The upstream's key is not the page's: the page server refuses it like any unknown key.
    expect((await lookup(server, KNOWN, DEMO_KEY)).status).toBe(401);
    expect(await outcomes(server, 'answer')).toBe(1);
    expect(await outcomes(server, 'not_found')).toBe(1);
    expect(await metric(server, 'trace_upstream_duration_seconds_count{outcome="answer"}')).toBe(1);
  });

  it.each([
    ['resetMidBody', 502, 'refused'],
    ['slow', 504, 'timeout'],
    ['noContent', 204, 'not_found'],
  ] as const)('%s from the upstream: %i, counted as %s, never kept', async (fault, status, outcome) => {
    const server = await startPageServer({ TRACE_UPSTREAM_CACHE_TTL_S: '30' });
    proxy.delayMs = 2500;
    proxy.set(fault);
    const response = await lookup(server, KNOWN);
    expect(response.status).toBe(status);
    if (status !== 204) await expectPlainSystemError(response);
    expect(await outcomes(server, outcome)).toBe(1);
    // A failure is never kept as an answer: once the upstream is well, the code is answered.
    proxy.set('pass');
    const after = await lookup(server, KNOWN);
    if (status !== 204) expect(after.status).toBe(200);
  });

  it.each([
    ['error500', 'upstream_error'],
    ['error500Leaky', 'upstream_error'],
    ['html500', 'upstream_error'],
  ] as const)(
    "answers the upstream's %s as a generic 502 with none of its body: no endpoint, stack, host or key",
    async (fault, outcome) => {
      const server = await startPageServer();
      proxy.set(fault);
      const response = await lookup(server, KNOWN);
      expect(response.status).toBe(502);
      const text = await response.clone().text();
      for (const leak of [DEMO_KEY, 'internal', 'stack', '10.1.2.3', 'Database down', '<html'])
        expect(text).not.toContain(leak);
      await expectPlainSystemError(response);
      expect(await outcomes(server, outcome)).toBe(1);
    },
  );

  it.each(['error401', 'error401Echo', 'error403'] as const)(
    "answers the upstream's %s as a 502: the page server's key failed, not the browser's",
    async (fault) => {
      const server = await startPageServer();
      proxy.set(fault);
      const response = await lookup(server, KNOWN);
      expect(response.status).toBe(502);
      expect(await response.clone().text()).not.toContain(DEMO_KEY);
      await expectPlainSystemError(response);
      expect(await outcomes(server, 'key_refused')).toBe(1);
    },
  );

  it("rebuilds the upstream's 4xx from the contract's four fields: its own endpoint, no extra field, no key", async () => {
    const server = await startPageServer();
    proxy.set('error400');
    const response = await lookup(server, KNOWN);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'VALIDATION',
      Message: 'bad code for …',
      status: 400,
      EndPoint: TRACE_URL_PATH,
    });
    expect(await outcomes(server, 'error_body')).toBe(1);
  });

  it("answers the upstream's 429 as a 503 with Retry-After and the generic body", async () => {
    const server = await startPageServer();
    proxy.set('error429');
    const response = await lookup(server, KNOWN);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('7');
    await expectPlainSystemError(response);
    expect(await outcomes(server, 'busy')).toBe(1);
  });

  it("answers a 200 outside the contract's types as a 502 (a name that is an object), never rendered", async () => {
    const server = await startPageServer();
    proxy.set('wrongType');
    const response = await lookup(server, KNOWN);
    expect(response.status).toBe(502);
    await expectPlainSystemError(response);
    expect(await outcomes(server, 'bad_body')).toBe(1);
  });

  it('answers a 200 for another code as a 502 and never keeps it for the code asked', async () => {
    const box = 'HP26A1105C48B0005';
    const server = await startPageServer({ TRACE_UPSTREAM_CACHE_TTL_S: '30' });
    proxy.set('otherCode', 1);
    const response = await lookup(server, box);
    expect(response.status).toBe(502);
    await expectPlainSystemError(response);
    expect(await outcomes(server, 'wrong_code')).toBe(1);
    // Once the upstream answers for the code asked, its own answer is shown, not the other code's.
    const after = await lookup(server, box);
    expect(after.status).toBe(200);
    const body = (await after.json()) as TraceResponse;
    expect(JSON.stringify(body)).not.toContain(OTHER_CODE);
    expect(body.Data.Box[0]?.Code ?? body.Data.Products[0]?.Code).toBe(box);
  });

  it("passes a 200 on with the contract's fields alone", async () => {
    const server = await startPageServer({ CHECKS: 'off' });
    proxy.set('extraField');
    const response = await lookup(server, KNOWN);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { Data: { Products: Record<string, unknown>[] } };
    expect(Object.keys(body)).toEqual(['Data']);
    expect(body.Data.Products[0]).not.toHaveProperty('InternalId');
    expect(body.Data.Products[0]?.Code).toBe(KNOWN);
  });

  it('tries a connection reset before any answer once more, and only once', async () => {
    const server = await startPageServer();
    proxy.set('resetAtOnce', 1);
    const before = proxy.calls;
    expect((await lookup(server, KNOWN)).status).toBe(200);
    expect(proxy.calls - before).toBe(2);
    proxy.set('resetAtOnce');
    const again = proxy.calls;
    expect((await lookup(server, KNOWN)).status).toBe(502);
    expect(proxy.calls - again).toBe(2);
  });

  it('shares one upstream call among concurrent lookups of one code', async () => {
    const server = await startPageServer();
    proxy.delayMs = 150;
    proxy.set('slow');
    const before = proxy.calls;
    const answers = await Promise.all(Array.from({ length: 20 }, () => lookup(server, KNOWN)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(proxy.calls - before).toBe(1);
  });

  it('keeps answers for the TTL when the cache is on, and counts hits and misses', async () => {
    const server = await startPageServer({ TRACE_UPSTREAM_CACHE_TTL_S: '30' });
    const before = proxy.calls;
    for (let i = 0; i < 3; i++) expect((await lookup(server, KNOWN)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await lookup(server, UNKNOWN)).status).toBe(204);
    expect(proxy.calls - before).toBe(2);
    expect(await metric(server, 'trace_upstream_cache_total{result="hit"}')).toBe(3);
    expect(await metric(server, 'trace_upstream_cache_total{result="miss"}')).toBe(2);
  });

  it('opens the breaker when the upstream is down for several codes, fails fast, stays ready and serves its pages, and closes it once a probe is answered', async () => {
    // Long enough that the checks of the open breaker below end inside it on a busy machine.
    const site = makeSiteDir();
    const server = await startPageServer({
      TRACE_UPSTREAM_BREAKER_COOLDOWN_MS: '2000',
      LOG_LEVEL: 'info',
      STATIC_DIR: join(site, 'dist'),
    });
    const logged = (text: string) => logs.filter((line) => line.includes(text)).length;
    await proxy.down();
    for (let i = 0; i < 5; i++) await expectPlainSystemError(await lookup(server, `DOWN00000000000${i}0`));
    expect(await outcomes(server, 'refused')).toBe(5);
    expect(await metric(server, 'trace_upstream_breaker_state')).toBe(2);
    const refused = await lookup(server, KNOWN);
    expect(refused.status).toBe(503);
    await expectPlainSystemError(refused);
    expect(await outcomes(server, 'breaker_open')).toBe(1);
    expect(await outcomes(server, 'refused')).toBe(5);
    // The instance stays in the load balancer: its pages are served, and say "System error!" for lookups.
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(logged('upstream trace service failing: lookups fail at once for 2000 ms')).toBe(1);

    await proxy.up();
    // After the cool-down, the next lookup is the probe.
    await expect.poll(async () => (await lookup(server, KNOWN)).status, { timeout: 10_000, interval: 200 }).toBe(200);
    expect(await metric(server, 'trace_upstream_breaker_state')).toBe(0);
    expect(logged('upstream trace service answers again')).toBe(1);
    rmSync(site, { recursive: true, force: true });
  });

  it('keeps the breaker closed while one code times out again and again: other codes are answered', async () => {
    const server = await startPageServer({ TRACE_UPSTREAM_TIMEOUT_MS: '300' });
    proxy.delayMs = 1000;
    proxy.forCode = (code) => (code === 'SLOW0000000000001' ? 'slow' : undefined);
    for (let i = 0; i < 6; i++) expect((await lookup(server, 'SLOW0000000000001')).status).toBe(504);
    expect(await metric(server, 'trace_upstream_breaker_state')).toBe(0);
    expect((await lookup(server, KNOWN)).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it.each(['garbage', 'oversize'] as const)(
    "answers one code's %s body 502 and remembers it a few seconds: the breaker stays closed, other codes are answered",
    async (fault) => {
      const server = await startPageServer({ TRACE_UPSTREAM_CACHE_TTL_S: '30' });
      const bad = 'MALF0000000000001';
      proxy.forCode = (code) => (code === bad ? fault : undefined);
      const before = proxy.calls;
      for (let i = 0; i < 6; i++) await expectPlainSystemError(await lookup(server, bad));
      // Asked once: the failure is remembered rather than asked again on every scan.
      expect(proxy.calls - before).toBe(1);
      expect(await outcomes(server, 'bad_body')).toBe(1);
      expect(await metric(server, 'trace_upstream_breaker_state')).toBe(0);
      expect((await lookup(server, KNOWN)).status).toBe(200);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      // Forgotten after a few seconds: once the upstream answers the code well, it is shown.
      proxy.forCode = undefined;
      await expect.poll(async () => (await lookup(server, bad)).status, { timeout: 10_000, interval: 250 }).toBe(204);
    },
  );

  it('says the pictures are not available in upstream mode, and its API document names the statuses of an upstream failure', async () => {
    const server = await startPageServer();
    const document = (await (await fetch(`${server.url}${TRACE_API_BASE_PATH}/openapi.json`)).json()) as {
      paths: Record<string, { post: { responses: Record<string, unknown> } }>;
    };
    expect(Object.keys(document.paths['/qr/trace']!.post.responses)).toEqual(
      expect.arrayContaining(['502', '503', '504']),
    );
    const response = await fetch(`${server.url}${TRACE_API_BASE_PATH}/images/abcdef0123456789.png`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { Message: string }).Message).toMatch(/not available in upstream mode/);
  });
});

it('npm run import says in one line that it is not available in upstream mode, and writes nothing', async () => {
  const result = await runTs('server/cli/import.ts', {
    args: ['server/seed/demo.json'],
    env: {
      TRACE_UPSTREAM_URL: 'http://127.0.0.1:9/qrinfo-svc/api',
      TRACE_UPSTREAM_KEY: 'k',
      TRACE_DB: join(dir, 'never.db'),
    },
  });
  expect(result.code).toBe(1);
  expect(result.stderr.trim()).toMatch(/^npm run import is not available in upstream mode[^\n]*$/);
  expect(existsSync(join(dir, 'never.db'))).toBe(false);
});
