import { afterEach, describe, expect, it } from 'vitest';
import { startService, type ServiceProcess } from '../support/childProcess.ts';
import { BACKENDS, type TestDatabase } from './backends.ts';
import { DEMO_KEY, TRACE_URL_PATH } from './harness.ts';

/** A code of server/seed/demo.json. */
const DEMO_CODE = '1D24B3261X54A2320';

// A new database gets the demo data so that `npm start` shows a working page at once; a production
// instance (NODE_ENV=production) must never answer made-up codes as the brand's own.
describe.each(BACKENDS)('the demo data, on $name', { timeout: 30_000 }, (backend) => {
  let database: TestDatabase | undefined;
  let service: ServiceProcess | undefined;

  afterEach(async () => {
    await service?.stop();
    await database?.drop();
  });

  async function demoCodeStatus(env: Record<string, string>): Promise<number> {
    database = await backend.create();
    service = await startService({ ...database.env, TRACE_API_KEYS: DEMO_KEY, RATE_LIMIT_MAX: '0', ...env });
    const response = await fetch(`${service.url}${TRACE_URL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Key': DEMO_KEY },
      body: JSON.stringify({ QrCode: DEMO_CODE }),
    });
    return response.status;
  }

  it('fills a new database outside production', async () => {
    expect(await demoCodeStatus({ NODE_ENV: 'development' })).toBe(200);
  });

  it('stays out of a new production database, and the log says so', async () => {
    expect(await demoCodeStatus({ NODE_ENV: 'production' })).toBe(204);
    // The log is written in blocks: wait for the line rather than read what has come so far.
    await service!.waitForLine(/production: the new database gets no demo data/, 10_000);
  });
});
