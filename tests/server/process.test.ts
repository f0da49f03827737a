import { once } from 'node:events';
import { existsSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNAPSHOT_MAX_AGE_MS } from '../../server/db/sqlite/codeLookup.ts';
import { runTs, startService, type Finished, type ServiceProcess } from '../support/system/childProcess.ts';
import { BACKENDS, type TestDatabase } from '../support/server/backends.ts';
import { randomGenerator, randomRequest } from '../support/server/fuzzBodies.ts';
import { DEMO_KEY, makeSiteDir, TRACE_URL_PATH } from '../support/server/harness.ts';
import { csv, writeTempFile } from '../support/server/importFiles.ts';

const SAMPLE_CSV = fileURLToPath(new URL('../../server/seed/sample.csv', import.meta.url));
const FUZZ_SEED = 20261122;

// Each test starts processes or sends hundreds of requests: slow on a busy machine, hence the timeout.
describe.each(BACKENDS)('the service as a process, on $name', { timeout: 30_000 }, (backend) => {
  const sqlite = backend.name === 'SQLite';
  let dir: string;
  let database: TestDatabase;
  let imported: Finished;
  let server: ServiceProcess;
  let url: string;

  beforeAll(async () => {
    dir = makeSiteDir();
    database = await backend.create();
    imported = await runTs('server/cli/import.ts', { args: [SAMPLE_CSV], env: database.env });
    server = await startService({
      ...database.env,
      STATIC_DIR: join(dir, 'dist'),
      TRACE_API_KEYS: DEMO_KEY,
      RATE_LIMIT_MAX: '0',
      DRAIN_DELAY_MS: '0',
      // At debug a request is logged as it arrives: the SIGTERM test waits for that line.
      LOG_LEVEL: 'debug',
      // A service that never writes: with lookups counted (issue 26, tested in checksService.test.ts),
      // a batch written after the import's fold put pages back into the write-ahead log it checks.
      CHECKS: 'off',
    });
    url = server.url;
  }, 30_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const lookup = (code: string) =>
    fetch(`${url}${TRACE_URL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Key': DEMO_KEY },
      body: JSON.stringify({ QrCode: code }),
    });

  it('npm run import loads a file and prints rows per second', () => {
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(/^5 rows into .* \([\d,]+ rows\/s\): 5 new, 0 changed, 0 unchanged codes/);
  });

  it('npm run import rejects a file with a bad row, with its line, exit code 1 and nothing written', async () => {
    const bad = writeTempFile(
      'bad.csv',
      csv('LN27A0201G85X09999,P,N,lon,1,gam,L,2027-01-01,,,', 'BAD,P,N,lon,1,gam,L,,,,'),
    );
    const result = await runTs('server/cli/import.ts', { args: [bad], env: database.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^line 3: code 'BAD' must be/m);
    expect(result.stderr).toMatch(/1 bad rows out of 2: nothing was written/);
    expect((await lookup('LN27A0201G85X09999')).status).toBe(204);
  });

  it('serves a database loaded by npm run import as it is, without adding the demo data', async () => {
    expect((await lookup('TH27A0110C24B0001')).status).toBe(200);
    expect((await lookup('1D24B3261X54A2320')).status).toBe(204);
  });

  it('never answers 500 nor crashes on a few hundred random malformed bodies', async () => {
    const random = randomGenerator(FUZZ_SEED);
    for (let i = 0; i < 300; i++) {
      const request = randomRequest(random);
      const response = await fetch(`${url}${TRACE_URL_PATH}`, {
        method: 'POST',
        headers: {
          ...(request.contentType ? { 'content-type': request.contentType } : {}),
          ...(request.withKey ? { 'X-Key': DEMO_KEY } : {}),
        },
        ...(request.body === undefined ? {} : { body: request.body }),
      });
      const text = await response.text();
      const context = `request ${i} of seed ${FUZZ_SEED}: ${JSON.stringify(request).slice(0, 200)}`;
      expect(response.status, context).toBeLessThan(500);
      if (response.status >= 400) {
        expect(Object.keys(JSON.parse(text)), context).toEqual(['error', 'Message', 'status', 'EndPoint']);
      }
    }
    expect(server.child.exitCode).toBeNull();
    expect((await lookup('TH27A0110C24B0001')).status).toBe(200);
    expect(server.lines.filter((line) => line.includes('unexpected error'))).toEqual([]);
  });

  it('npm run import while lookups keep coming: the new code is answered (and on SQLite the write-ahead log is folded back)', async () => {
    let reading = true;
    const readers = [1, 2].map(async () => {
      while (reading) await (await lookup('TH27A0110C24B0001')).arrayBuffer();
    });
    const live = writeTempFile(
      'live.csv',
      csv('LN27A0201G85X07777,LIVE1L,Sữa tươi 1L,hộp,1000,ml,L1,2027-02-01,2027-03-01,,'),
    );
    const result = await runTs('server/cli/import.ts', { args: [live], env: database.env });
    reading = false;
    await Promise.all(readers);
    expect(result.code, result.stderr).toBe(0);
    if (sqlite) {
      expect(result.stderr).not.toMatch(/-wal stays/);
      // Empty: every imported page is back in the database file, though the service never writes.
      expect(statSync(`${database.config.dbPath}-wal`).size).toBe(0);
    }
    await sleep(SNAPSHOT_MAX_AGE_MS);
    expect((await lookup('LN27A0201G85X07777')).status).toBe(200);
  });

  it('on SIGTERM finishes the request in flight, then closes the database and exits 0', async () => {
    const port = Number(new URL(url).port);
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const body = JSON.stringify({ QrCode: 'TH27A0110C24B0001' });
    socket.write(
      `POST ${TRACE_URL_PATH}?drain=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `X-Key: ${DEMO_KEY}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
    );
    await server.waitForLine(/\?drain=….*"msg":"incoming request"/);
    server.child.kill('SIGTERM');
    await server.waitForLine(/closing: finishing in-flight requests/);
    let response = '';
    socket.on('data', (chunk) => (response += chunk));
    socket.write(body.slice(5));
    await once(socket, 'end');
    expect(response).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(response).toContain('"TotalPacket":24');

    expect(await server.exited).toEqual({ code: 0, signal: null });
    // SQLite removes the write-ahead log only when the last connection closes cleanly.
    if (sqlite) expect(existsSync(`${database.config.dbPath}-wal`)).toBe(false);
  });
});
