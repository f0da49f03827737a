import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../server/config.ts';
import { runTs, startService, type ServiceProcess } from '../support/system/childProcess.ts';
import { startFaultProxy, type FaultProxy } from '../support/system/faultProxy.ts';
import { lookupFrom, randomCode } from '../support/system/lookupFrom.ts';

// Issue 37 point 6: the second review's upstream findings (N2, N3, N4, N8) against the real processes:
// the reference service (`npm run serve`) as the brand's upstream, the page server (`npm run serve` in
// upstream mode) in front, and a fault-injecting proxy between, all on loopback. Each test fails on the
// code the review tested.

const KNOWN = '1D24B3261X54A2320';
const PAGE_KEY = 'page-key-for-browsers';
const FRONT_KEY = 'front-server-key-5d1e';
/** Both sides' per-address lookup budget: the review's N2 setting. */
const BUDGET = 20;

let dir: string;
let upstream: ServiceProcess;
let proxy: FaultProxy;
let front: ServiceProcess;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'trace-faults-'));
  upstream = await startService({
    TRACE_DB: join(dir, 'upstream.db'),
    SEED_DEMO: '1',
    STATIC_DIR: join(dir, 'no-page'),
    RATE_LIMIT_MAX: String(BUDGET),
    TRUSTED_CLIENT_KEYS: FRONT_KEY,
    DRAIN_DELAY_MS: '0',
  });
  proxy = await startFaultProxy(upstream.url);
  front = await startService({
    TRACE_DB: join(dir, 'front.db'),
    STATIC_DIR: join(dir, 'no-page'),
    RATE_LIMIT_MAX: String(BUDGET),
    TRACE_API_KEYS: PAGE_KEY,
    TRACE_UPSTREAM_URL: `${proxy.url}/qrinfo-svc/api`,
    TRACE_UPSTREAM_KEY: FRONT_KEY,
    TRACE_UPSTREAM_FORWARD_CLIENT: '1',
    TRACE_UPSTREAM_UNKNOWN_MAX: '5',
    TRACE_UPSTREAM_CACHE_TTL_S: '30',
    DRAIN_DELAY_MS: '0',
  });
}, 60_000);
afterAll(async () => {
  await front?.stop();
  await proxy?.stop();
  await upstream?.stop();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  proxy.set('pass');
  proxy.forCode = undefined;
});

/** Each test asks from addresses of its own, so no test spends another's budget. */
const ask = (from: string, code: string) => lookupFrom(from, front.url, code, PAGE_KEY);
const ready = async () => (await fetch(`${front.url}/readyz`)).status;

describe('the page server in front of the reference service, through a fault proxy', () => {
  it('N2: a client sending unknown codes at its whole budget leaves other shoppers answered', async () => {
    const flood: number[] = [];
    for (let i = 0; i < BUDGET; i++) flood.push((await ask('127.0.1.1', randomCode(i))).status);
    expect(flood.filter((status) => status === 204)).toHaveLength(5);
    const shoppers: number[] = [];
    for (let i = 0; i < 6; i++)
      shoppers.push((await ask(`127.0.1.${10 + i}`, `HP26A1105C48B00${String(i + 1).padStart(2, '0')}`)).status);
    expect(shoppers).toEqual(Array(6).fill(200));
  });

  it('N3: codes the upstream answers badly or slowly fail alone: the breaker stays closed and the instance ready', async () => {
    proxy.forCode = (code) => (code.startsWith('MALF') ? 'garbage' : code.startsWith('HUGE') ? 'oversize' : undefined);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      for (const code of ['MALF0000000000001', 'MALF0000000000002', 'HUGE0000000000003'])
        statuses.push((await ask('127.0.2.1', code)).status);
    expect(new Set(statuses)).toEqual(new Set([502]));
    expect(await ready()).toBe(200);
    expect((await ask('127.0.2.2', KNOWN)).status).toBe(200);
  });

  it.each(['error500Leaky', 'error401Echo', 'wrongType', 'otherCode'] as const)(
    'N4: %s from the upstream reaches the browser as a 502 with the generic body, and nothing of it',
    async (fault) => {
      const code = `N4${fault.toUpperCase()}`.padEnd(17, '0').slice(0, 17);
      proxy.forCode = (asked) => (asked === code ? fault : undefined);
      const answer = await ask('127.0.3.1', code);
      expect(answer.status).toBe(502);
      expect(JSON.parse(answer.body)).toEqual({
        error: 'INTERNAL_SERVER_ERROR',
        Message: expect.any(String),
        status: 502,
        EndPoint: '',
      });
      for (const leak of [FRONT_KEY, 'internal', '10.1.2.3', 'Another product', KNOWN])
        expect(answer.body).not.toContain(leak);
    },
  );
});

describe('N8: configuration the page server refuses at start', () => {
  it.each([
    [
      'an http:// upstream on a public address, with a password in the URL',
      { TRACE_UPSTREAM_URL: 'http://brand:s3cret-pw@203.0.113.7/qrinfo-svc/api', TRACE_UPSTREAM_KEY: 'k' },
      /TRACE_UPSTREAM_URL/,
    ],
    [
      'an http:// upstream on a public address',
      { TRACE_UPSTREAM_URL: 'http://203.0.113.7/qrinfo-svc/api', TRACE_UPSTREAM_KEY: 'k' },
      /in the clear/,
    ],
    ['a staff key equal to the page key', { TRACE_API_KEYS: 'p', STAFF_API_KEYS: 'p' }, /STAFF_API_KEYS/],
    ['the demo data on a reachable HOST', { SEED_DEMO: '1', HOST: '0.0.0.0' }, /SEED_DEMO=1 with HOST=0.0.0.0/],
  ])(
    '%s: exit 1, the reason, and no password',
    async (_name, env, reason) => {
      const result = await runTs('server/main.ts', {
        env: { PORT: '0', NODE_ENV: 'test', TRACE_DB: join(dir, 'never.db'), ...env },
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(reason);
      expect(result.stderr + result.stdout).not.toContain('s3cret-pw');
      expect(result.stderr + result.stdout).not.toContain(DEMO_API_KEY);
    },
    30_000,
  );
});
