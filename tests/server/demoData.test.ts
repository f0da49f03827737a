import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runTs, startService, type ServiceProcess } from '../support/system/childProcess.ts';
import { BACKENDS, type TestDatabase } from '../support/server/backends.ts';
import { DEMO_KEY, TRACE_URL_PATH } from '../support/server/harness.ts';

/** A code of server/seed/demo.json. */
const DEMO_CODE = '1D24B3261X54A2320';

/** Runs the service as `npm run serve` does, without NODE_ENV at all (the test runner's own is 'test'). */
const WITHOUT_NODE_ENV = ['env', '-u', 'NODE_ENV'];

// The demo codes are public: a counterfeiter could print them on fake cans. A new database gets them
// only when asked for (SEED_DEMO=1, which `npm start` sets), whatever NODE_ENV says.
describe.each(BACKENDS)('the demo data, on $name', { timeout: 30_000 }, (backend) => {
  let database: TestDatabase | undefined;
  let service: ServiceProcess | undefined;

  afterEach(async () => {
    await service?.stop();
    await database?.drop();
    service = undefined;
    database = undefined;
  });

  async function demoCodeStatus(env: Record<string, string>, prefix: string[] = []): Promise<number> {
    database = await backend.create();
    service = await startService(
      { ...database.env, TRACE_API_KEYS: DEMO_KEY, RATE_LIMIT_MAX: '0', DRAIN_DELAY_MS: '0', ...env },
      { prefix },
    );
    const response = await fetch(`${service.url}${TRACE_URL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Key': DEMO_KEY },
      body: JSON.stringify({ QrCode: DEMO_CODE }),
    });
    return response.status;
  }

  /** Every line the service logged, once it has exited (the log is written in blocks). */
  async function allLines(): Promise<string[]> {
    await service!.stop();
    return service!.lines;
  }

  it.each([
    ['NODE_ENV unset', {}, WITHOUT_NODE_ENV],
    ['NODE_ENV=development', { NODE_ENV: 'development' }, []],
    ['NODE_ENV=production', { NODE_ENV: 'production' }, []],
  ])('stays out of a new database with %s, and one line says the database is empty', async (_name, env, prefix) => {
    expect(await demoCodeStatus(env, prefix)).toBe(204);
    const empty = (await allLines()).filter((line) => line.includes('empty'));
    expect(empty).toHaveLength(1);
    expect(empty[0]).toContain('the new database is empty: load your codes with npm run import -- <file>');
  });

  it('fills a new database with SEED_DEMO=1, as npm start sets it', async () => {
    expect(await demoCodeStatus({ SEED_DEMO: '1' }, WITHOUT_NODE_ENV)).toBe(200);
    expect((await allLines()).filter((line) => line.includes('empty'))).toEqual([]);
  });
});

describe('a deployed instance', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** `npm run serve` with these settings, which must refuse to start. */
  async function refusal(env: Record<string, string>) {
    const dir = mkdtempSync(join(tmpdir(), 'trace-refused-'));
    dirs.push(dir);
    const dbPath = join(dir, 'trace.db');
    const result = await runTs('server/main.ts', { env: { PORT: '0', TRACE_DB: dbPath, ...env } });
    return { ...result, created: existsSync(dbPath) };
  }

  it('refuses SEED_DEMO=1 with PUBLIC_ORIGIN: exit 1, the reason, and no database created', async () => {
    const result = await refusal({
      SEED_DEMO: '1',
      PUBLIC_ORIGIN: 'https://trace.example.com',
      TRACE_API_KEYS: 'own-key',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^ {2}- SEED_DEMO=1 with PUBLIC_ORIGIN: a deployed instance never gets the public demo codes/m,
    );
    expect(result.stdout).not.toMatch(/Trace service ready/);
    expect(result.created).toBe(false);
  });

  it('refuses to start on the published demo key when PUBLIC_ORIGIN is set', async () => {
    const result = await refusal({ PUBLIC_ORIGIN: 'https://trace.example.com' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^ {2}- TRACE_API_KEYS is unset with PUBLIC_ORIGIN: a public instance must not accept the published demo key; set your own keys$/m,
    );
  });
});
