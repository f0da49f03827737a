import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { storageLocation } from '../../server/db/openStorage.ts';
import { runTs } from '../support/system/childProcess.ts';
import { mountSmallDisk, type SmallDisk } from '../support/system/smallDisk.ts';

const SAMPLE_CSV = fileURLToPath(new URL('../../server/seed/sample.csv', import.meta.url));

/** A line of a stack trace, which would bury the one line that says what to fix. */
const STACK_LINE = /^\s+at /m;

// A service that cannot start says why in one line and exits 1: a supervisor's log shows the cause,
// not a stack trace.
describe('the service, when it cannot start', () => {
  describe('on a read-only file system', () => {
    let disk: SmallDisk;
    beforeAll(async () => {
      disk = await mountSmallDisk(1024);
    }, 30_000);
    afterAll(() => disk?.release());

    it('says the file system is read-only, in one line, and exits 1', async () => {
      const dbPath = join(disk.dir, 'trace.db');
      const imported = await runTs('server/cli/import.ts', {
        args: [SAMPLE_CSV],
        env: { TRACE_DB: dbPath },
        prefix: disk.inside,
      });
      expect(imported.code, imported.stderr).toBe(0);
      await disk.remount('ro');
      const result = await runTs('server/main.ts', { env: { PORT: '0', TRACE_DB: dbPath }, prefix: disk.inside });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `Cannot open the database ${dbPath}: the file system is read-only (EROFS on ${disk.dir})\n`,
      );
      expect(result.stderr).not.toMatch(STACK_LINE);
    }, 30_000);
  });

  it('says a PostgreSQL server refuses connections, in one line without the password, and exits 1', async () => {
    // A port that was free a moment ago: nothing listens there, so the connection is refused.
    const probe = createServer().listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const { port } = probe.address() as AddressInfo;
    probe.close();
    await once(probe, 'close');
    const url = `postgres://trace:userinfo-secret@127.0.0.1:${port}/trace?password=query-secret&sslpassword=key-secret&sslmode=disable`;
    const result = await runTs('server/main.ts', { env: { PORT: '0', DATABASE_URL: url } });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `Cannot open the database postgres://trace@127.0.0.1:${port}/trace?sslmode=disable: ` +
        `the database server refuses connections (ECONNREFUSED on 127.0.0.1:${port})\n`,
    );
    expect(result.stdout + result.stderr).not.toMatch(/secret/);
  });

  it('says a PostgreSQL database does not exist, with its SQLSTATE, in one line, and exits 1', async () => {
    const url = new URL(inject('postgresUrl'));
    url.pathname = '/no_such_trace_db';
    const result = await runTs('server/main.ts', { env: { PORT: '0', DATABASE_URL: url.href } });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `Cannot open the database ${storageLocation({ dbPath: '/unused', databaseUrl: url.href })}: ` +
        'the database does not exist (SQLSTATE 3D000: database "no_such_trace_db" does not exist)\n',
    );
  });

  it('refuses a hop-count TRUST_PROXY on a port others can reach: one line, exit 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trace-hops-'));
    try {
      const result = await runTs('server/main.ts', {
        env: { PORT: '0', HOST: '0.0.0.0', TRUST_PROXY: '1', TRACE_DB: join(dir, 'trace.db') },
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        'Invalid configuration:\n' +
          '  - TRUST_PROXY=1 (a hop count) with HOST=0.0.0.0: anyone reaching the port could write their own X-Forwarded-For ' +
          "and escape the rate limit; give the proxy's addresses instead (e.g. TRUST_PROXY=10.0.0.5 or 10.0.0.0/24)\n",
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the database as messages and logs name it', () => {
  it.each([
    ['postgres://trace:pw@db.internal:5432/trace', 'postgres://trace@db.internal:5432/trace'],
    ['postgres://trace@db.internal/trace?password=pw', 'postgres://trace@db.internal/trace'],
    [
      'postgresql://db.internal/trace?sslmode=require&sslpassword=pw&application_name=svc',
      'postgresql://db.internal/trace?sslmode=require&application_name=svc',
    ],
    ['postgres://db.internal/trace?PASSWORD=pw', 'postgres://db.internal/trace'],
  ])('%s without its password: %s', (databaseUrl, shown) => {
    expect(storageLocation({ dbPath: '/unused', databaseUrl })).toBe(shown);
  });
});
