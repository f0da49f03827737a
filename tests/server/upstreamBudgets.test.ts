import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TRACE_API_BASE_PATH } from '../../src/contract/traceContract.ts';
import { loadConfig } from '../../server/config.ts';
import { start, type Started } from '../../server/main.ts';
import { startFaultProxy, type FaultProxy } from '../support/system/faultProxy.ts';
import { DEMO_KEY, startTestServer, type TestServer } from '../support/server/harness.ts';
import { lookupFrom, randomCode, type LookupAnswer } from '../support/system/lookupFrom.ts';

// Issue 37 point 1 (review N2): one client at its own allowed rate must not spend the page server's
// budget at the upstream for everyone. The reference service is the upstream, with its own per-address
// limit, a fault proxy between that records what the page server sends.

const KNOWN = '1D24B3261X54A2320';
const FRONT_KEY = 'front-server-key';
const PAGE_KEY = 'page-key-for-browsers';
/** Both sides' per-address budget, small so a test spends it in a few dozen requests. */
const BUDGET = 20;

let dir: string;
const opened: { close(): Promise<void> }[] = [];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'trace-budgets-'));
});
afterEach(async () => {
  for (const server of opened.splice(0).reverse()) await server.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function upstreamService(env: Record<string, string>): Promise<TestServer> {
  const server = await startTestServer({ RATE_LIMIT_MAX: String(BUDGET), LOG_LEVEL: 'silent', ...env });
  opened.push(server);
  return server;
}

async function proxyTo(upstream: TestServer): Promise<FaultProxy> {
  const proxy = await startFaultProxy(upstream.url);
  opened.push({ close: () => proxy.stop() });
  return proxy;
}

async function pageServer(proxy: FaultProxy, env: Record<string, string> = {}): Promise<Started> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    STATIC_DIR: join(dir, 'no-page'),
    SSR_ENTRY: join(dir, 'no-ssr.js'),
    TRACE_DB: join(dir, `counts-${opened.length}.db`),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: String(BUDGET),
    TRACE_API_KEYS: PAGE_KEY,
    TRACE_UPSTREAM_URL: `${proxy.url}${TRACE_API_BASE_PATH}`,
    TRACE_UPSTREAM_KEY: FRONT_KEY,
    TRACE_UPSTREAM_CACHE_TTL_S: '0',
    ...env,
  });
  const started = await start(config, { logStream: { write: () => {} } });
  opened.push({
    close: async () => {
      const closing = started.app.close();
      started.app.server.closeAllConnections();
      await closing;
    },
  });
  return started;
}

describe('one client cannot exhaust the upstream for others (N2)', () => {
  it("keeps another shopper's lookups answered while one client sends unknown codes at its whole budget", async () => {
    const upstream = await upstreamService({ TRUSTED_CLIENT_KEYS: FRONT_KEY });
    const proxy = await proxyTo(upstream);
    const server = await pageServer(proxy, { TRACE_UPSTREAM_FORWARD_CLIENT: '1', TRACE_UPSTREAM_UNKNOWN_MAX: '5' });
    const flood: number[] = [];
    for (let i = 0; i < BUDGET; i++)
      flood.push((await lookupFrom('127.0.0.7', server.url, randomCode(i), PAGE_KEY)).status);
    // Five unknown codes reach the upstream; then the client's unknown-code budget is spent.
    expect(flood.slice(0, 5)).toEqual(Array(5).fill(204));
    expect(new Set(flood.slice(5))).toEqual(new Set([429]));
    const shopper: number[] = [];
    for (let i = 0; i < 10; i++) shopper.push((await lookupFrom('127.0.0.8', server.url, KNOWN, PAGE_KEY)).status);
    expect(shopper).toEqual(Array(10).fill(200));
  });

  it("tells the upstream whose lookup it is (X-Forwarded-For) only when asked to, never the client's own header", async () => {
    const upstream = await upstreamService({ TRUSTED_CLIENT_KEYS: FRONT_KEY });
    const proxy = await proxyTo(upstream);
    const quiet = await pageServer(proxy);
    await lookupFrom('127.0.0.9', quiet.url, KNOWN, PAGE_KEY, { 'x-forwarded-for': '203.0.113.5' });
    expect(proxy.forwardedFor).toBeUndefined();
    const telling = await pageServer(proxy, { TRACE_UPSTREAM_FORWARD_CLIENT: '1' });
    await lookupFrom('127.0.0.9', telling.url, KNOWN, PAGE_KEY, { 'x-forwarded-for': '203.0.113.5' });
    expect(proxy.forwardedFor).toBe('127.0.0.9');
  });

  it("answers the upstream's 429 as a 503 with Retry-After, once its budget for the page server is spent", async () => {
    // The upstream does not trust the page server: its per-address budget is the page server's whole.
    const upstream = await upstreamService({});
    const proxy = await proxyTo(upstream);
    const server = await pageServer(proxy, { TRACE_UPSTREAM_KEY: DEMO_KEY, TRACE_UPSTREAM_UNKNOWN_MAX: '0' });
    const statuses: number[] = [];
    let last: LookupAnswer | undefined;
    for (let i = 0; i < BUDGET + 2; i++) {
      last = await lookupFrom(`127.0.0.${10 + (i % 5)}`, server.url, KNOWN, PAGE_KEY);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, BUDGET)).toEqual(Array(BUDGET).fill(200));
    expect(last?.status).toBe(503);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(last?.body ?? '')).toEqual({
      error: 'INTERNAL_SERVER_ERROR',
      Message: expect.any(String),
      status: 503,
      EndPoint: '',
    });
  });
});

describe('the reference service as an upstream: trusted server clients (TRUSTED_CLIENT_KEYS)', () => {
  it("limits a trusted client's lookups per forwarded shopper, and all of them by its key's own budget", async () => {
    const upstream = await upstreamService({ TRUSTED_CLIENT_KEYS: FRONT_KEY, TRUSTED_CLIENT_RATE_LIMIT_MAX: '50' });
    const as = (shopper: string) =>
      lookupFrom('127.0.0.20', upstream.url, KNOWN, FRONT_KEY, { 'x-forwarded-for': shopper });
    // One shopper: their own budget, however many others the page server speaks for.
    const one: number[] = [];
    for (let i = 0; i < BUDGET + 1; i++) one.push((await as('198.51.100.1')).status);
    expect(one.slice(0, BUDGET)).toEqual(Array(BUDGET).fill(200));
    expect(one[BUDGET]).toBe(429);
    // Another shopper through the same page server (one address) is answered.
    expect((await as('198.51.100.2')).status).toBe(200);
    // The key's budget (50) covers all its shoppers together: 22 taken, 28 left.
    const many: number[] = [];
    for (let i = 0; i < 30; i++) many.push((await as(`198.51.100.${10 + i}`)).status);
    expect(many.slice(0, 28)).toEqual(Array(28).fill(200));
    expect(many.slice(28)).toEqual([429, 429]);
  });

  it('gives anyone else, a page key naming any X-Forwarded-For included, their own address budget', async () => {
    const upstream = await upstreamService({ TRUSTED_CLIENT_KEYS: FRONT_KEY });
    const statuses: number[] = [];
    for (let i = 0; i < BUDGET + 1; i++)
      statuses.push(
        (await lookupFrom('127.0.0.21', upstream.url, KNOWN, DEMO_KEY, { 'x-forwarded-for': `198.51.100.${i}` }))
          .status,
      );
    expect(statuses.slice(0, BUDGET)).toEqual(Array(BUDGET).fill(200));
    expect(statuses[BUDGET]).toBe(429);
  });
});
