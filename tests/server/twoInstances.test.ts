import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TraceChecks, TraceResponse } from '../../src/contract/traceContract.ts';
import { runTs, startService, type ServiceProcess } from '../support/system/childProcess.ts';
import { BACKENDS, type TestDatabase } from '../support/server/backends.ts';
import { DEMO_KEY, makeSiteDir, TRACE_URL_PATH } from '../support/server/harness.ts';
import { csv, writeTempFile } from '../support/server/importFiles.ts';
import { startRedis, type TestRedis } from '../support/system/redis.ts';
import { Redis } from 'ioredis';
import { vietnamDay, vietnamDayEnd } from '../../src/contract/vietnamDay.ts';

const ROW = 'TW27A0101X00000001,TW1L,Sữa tươi 1L,hộp,1000,ml,L1,2027-01-01,2027-03-01,,';

const PHONE_A =
  'Mozilla/5.0 (Linux; Android 14; Phone A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const PHONE_B =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

// Several instances behind a load balancer share one PostgreSQL (and Redis, for the rate limit and the
// day's salt): whatever `npm run import` writes is what each of them answers, product changes included
// (each keeps products and lots in memory), and a phone is one device to both.
/**
 * A phone is one device for one Vietnam day (the day's salt): a test whose lookups straddled Vietnam's midnight
 * (17:00 UTC) would see it twice. Started within `marginMs` of it, the test waits for the new day first.
 */
async function clearOfVietnamMidnight(marginMs: number): Promise<void> {
  const left = vietnamDayEnd(vietnamDay()) - Date.now();
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}

describe('two service instances on one PostgreSQL database', { timeout: 30_000 }, () => {
  let dir: string;
  let database: TestDatabase;
  let redis: TestRedis;
  let instances: ServiceProcess[] = [];

  beforeAll(async () => {
    dir = makeSiteDir();
    database = await BACKENDS.find((backend) => backend.name === 'PostgreSQL')!.create();
    redis = await startRedis();
    const env = {
      ...database.env,
      REDIS_URL: redis.url,
      STATIC_DIR: join(dir, 'dist'),
      TRACE_API_KEYS: DEMO_KEY,
      RATE_LIMIT_MAX: '0',
      DRAIN_DELAY_MS: '0',
      SEED_DEMO: '1',
    };
    // Started together: the migrations of one wait for the other's (an advisory lock).
    instances = await Promise.all([startService(env), startService(env)]);
  }, 30_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await database?.drop();
    await redis?.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  const productName = async ({ url }: ServiceProcess, code: string) => {
    const response = await fetch(`${url}${TRACE_URL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Key': DEMO_KEY },
      body: JSON.stringify({ QrCode: code }),
    });
    if (response.status === 204) return undefined;
    return ((await response.json()) as TraceResponse).Data.Products[0]?.ProductName;
  };
  const importRows = async (...rows: string[]) => {
    const result = await runTs('server/cli/import.ts', {
      args: [writeTempFile('rows.csv', csv(...rows))],
      env: database.env,
    });
    expect(result.code, result.stderr).toBe(0);
  };

  it('both start together on an empty database, one creating its tables, and answer the demo data', async () => {
    for (const instance of instances)
      expect(await productName(instance, '1D24B3261X54A2320')).toBe('Sữa bột Đồng Xanh Gold 900g');
  });

  it('both see a code imported once it is written, and both see its product renamed by a later import', async () => {
    for (const instance of instances) expect(await productName(instance, 'TW27A0101X00000001')).toBeUndefined();
    await importRows(ROW);
    for (const instance of instances) expect(await productName(instance, 'TW27A0101X00000001')).toBe('Sữa tươi 1L');
    await importRows(ROW.replace('Sữa tươi 1L', 'Sữa tươi tiệt trùng 1L'));
    for (const instance of instances)
      expect(await productName(instance, 'TW27A0101X00000001')).toBe('Sữa tươi tiệt trùng 1L');
  });

  it(
    "add up the lookups each counts (issue 26): one phone seen by both is one device (the day's salt in Redis, expiring with the day), and both answer with the shared counts",
    { timeout: 60_000 },
    async () => {
      await clearOfVietnamMidnight(25_000);
      const code = 'HP26A1105C48B0005';
      const checks = async ({ url }: ServiceProcess, headers: Record<string, string>) => {
        const response = await fetch(`${url}${TRACE_URL_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'X-Key': DEMO_KEY, ...headers },
          body: JSON.stringify({ QrCode: code }),
        });
        return ((await response.json()) as TraceResponse).Checks as TraceChecks;
      };
      const [first, second] = instances as [ServiceProcess, ServiceProcess];
      expect(await checks(first, { 'user-agent': PHONE_A })).toMatchObject({ Lookups: 1, Networks: 1 });
      expect(await checks(second, { 'user-agent': PHONE_B })).toMatchObject({ Lookups: 1, Networks: 1 });
      // PhoneA again, through the other instance (a load balancer's choice): the database knows it.
      await checks(second, { 'user-agent': PHONE_A });
      const stored = async () => (await database.rows(`SELECT lookups FROM check_codes WHERE code = '${code}'`))[0];
      await vi.waitFor(async () => expect(await stored()).toEqual({ lookups: 2 }), { timeout: 10_000 });
      // The salt is in Redis until the day's end (and 10 minutes), never in the database.
      const client = new Redis(redis.url);
      try {
        const today = vietnamDay(Date.now());
        const left = await client.pttl(`trace:checks:salt:${today}`);
        const dayEnds = Date.parse(`${today}T00:00:00Z`) - 7 * 3_600_000 + 86_400_000;
        expect(left).toBeGreaterThan(0);
        expect(left).toBeLessThanOrEqual(dayEnds + 10 * 60_000 - Date.now() + 1000);
      } finally {
        client.disconnect();
      }
      // Each reads what the other wrote within seconds; the support desk's lookups do not count.
      for (const instance of instances) {
        await vi.waitFor(
          async () =>
            expect(await checks(instance, { 'x-lookup-purpose': 'staff' })).toMatchObject({ Lookups: 2, Networks: 1 }),
          { timeout: 15_000 },
        );
      }
    },
  );
});
