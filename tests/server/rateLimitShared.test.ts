import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { startService, type ServiceProcess } from '../support/system/childProcess.ts';
import { startRedis, type TestRedis } from '../support/system/redis.ts';
import { DEMO_KEY, makeSiteDir, startTestServer, TRACE_URL_PATH, type TestServer } from '../support/server/harness.ts';

// REDIS_URL: every instance counts against one limit, in a real redis-server of the test's own.

const MAX = 3;
const TIMEOUT_MS = 60_000;

let redis: TestRedis | undefined;
const instances: ServiceProcess[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(instances.splice(0).map((instance) => instance.stop()));
  await redis?.remove();
  redis = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** One service process with its own database, limited through `redisUrl`. */
async function startInstance(redisUrl: string): Promise<ServiceProcess> {
  const dir = makeSiteDir();
  dirs.push(dir);
  const instance = await startService({
    TRACE_DB: join(dir, 'data', 'trace.db'),
    STATIC_DIR: join(dir, 'dist'),
    TRACE_API_KEYS: DEMO_KEY,
    SEED_DEMO: '1',
    RATE_LIMIT_MAX: String(MAX),
    RATE_LIMIT_WINDOW_MS: '60000',
    REDIS_URL: redisUrl,
    DRAIN_DELAY_MS: '0',
  });
  instances.push(instance);
  return instance;
}

/** The statuses of `count` lookups in a row, all from 127.0.0.1, so one client to the limiter. */
async function lookups(instance: ServiceProcess, count: number, key = DEMO_KEY): Promise<number[]> {
  const statuses = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${instance.url}${TRACE_URL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-key': key },
      body: JSON.stringify({ QrCode: '1D24B3261X54A2320' }),
    });
    await response.arrayBuffer();
    statuses.push(response.status);
  }
  return statuses;
}

it(
  'shares one limit between two instances: the second answers 429 once the first used the budget',
  async () => {
    redis = await startRedis();
    const [first, second] = await Promise.all([startInstance(redis.url), startInstance(redis.url)]);
    // A wrong key counts too, on whichever instance it arrives.
    expect(await lookups(second, 1, 'guessed-key')).toEqual([401]);
    expect(await lookups(first, MAX - 1)).toEqual([200, 200]);
    expect(await lookups(second, 2)).toEqual([429, 429]);
    expect(await lookups(first, 1)).toEqual([429]);
  },
  TIMEOUT_MS,
);

it(
  'keeps answering while Redis is away, each instance limiting on its own, and shares again once it is back',
  async () => {
    redis = await startRedis();
    const [first, second] = await Promise.all([startInstance(redis.url), startInstance(redis.url)]);
    for (const instance of [first, second]) await instance.waitForLine(/Redis at \S+ reachable/);
    expect(await lookups(first, MAX)).toEqual([200, 200, 200]);

    await redis.stop();
    // Fail open to the in-memory limiter: lookups go on, still limited, per instance now.
    expect(await lookups(first, MAX + 1)).toEqual([200, 200, 200, 429]);
    expect(await lookups(second, MAX + 1)).toEqual([200, 200, 200, 429]);
    for (const instance of [first, second]) {
      const warning = JSON.parse((await instance.waitForLine(/"msg":"Redis at \S+ unreachable/)).input!) as {
        level: number;
      };
      expect(warning.level).toBe(40);
    }
    expect(first.output()).not.toMatch(/unexpected error/);

    await redis.restart();
    // ioredis reconnects on its own, after at most 2 s between attempts.
    for (const instance of [first, second]) await instance.waitForLine(/Redis at \S+ reachable again/, 15_000);
    expect(await lookups(first, MAX)).toEqual([200, 200, 200]);
    expect(await lookups(second, 1)).toEqual([429]);
  },
  TIMEOUT_MS,
);

it('starts without Redis when it cannot be reached, limiting on its own, and says so', async () => {
  // A port nothing listens on: the one a stopped redis-server held.
  redis = await startRedis();
  await redis.stop();
  let server: TestServer | undefined;
  try {
    server = await startTestServer({ REDIS_URL: redis.url, RATE_LIMIT_MAX: '2' });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await server.trace({ QrCode: '1D24B3261X54A2320' })).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(server.logs.join('')).toMatch(/"level":40,[^\n]*"msg":"Redis at 127\.0\.0\.1:\d+ unreachable at start/);
  } finally {
    await server?.close();
  }
});

it(
  'goes on without a Redis that hangs, waiting for it once rather than on every lookup',
  async () => {
    redis = await startRedis();
    const server = await startTestServer({ REDIS_URL: redis.url, RATE_LIMIT_MAX: '100' });
    const lookup = async () => (await server.trace({ QrCode: '1D24B3261X54A2320' })).status;
    try {
      expect(await lookup()).toBe(200);
      // Stopped, not gone: the connection stays open and commands get no answer, as in a network partition.
      redis.process.child.kill('SIGSTOP');
      const started = performance.now();
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push(await lookup());
      expect(statuses).toEqual([200, 200, 200, 200]);
      // One command timeout (500 ms), not one per lookup.
      expect(performance.now() - started).toBeLessThan(1400);
      expect(server.logs.join('')).toMatch(/"level":40,[^\n]*"msg":"Redis at \S+ unreachable: /);

      redis.process.child.kill('SIGCONT');
      const back = /"msg":"Redis at \S+ reachable again/;
      for (let tries = 0; tries < 50 && !back.test(server.logs.join('')); tries++) {
        expect(await lookup()).toBe(200);
        await sleep(100);
      }
      expect(server.logs.join('')).toMatch(back);
    } finally {
      redis.process.child.kill('SIGCONT');
      await server.close();
    }
  },
  TIMEOUT_MS,
);

it('refuses a REDIS_URL that is not a redis:// or rediss:// URL', () => {
  expect(() => loadConfig({ REDIS_URL: 'cache.internal:6379' })).toThrow(/REDIS_URL: expected redis:\/\//);
  expect(loadConfig({ REDIS_URL: 'rediss://:secret@cache.internal:6380/1' }).redisUrl).toBe(
    'rediss://:secret@cache.internal:6380/1',
  );
});
