import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTs, startService, type ServiceProcess } from '../support/system/childProcess.ts';
import { DEMO_KEY, makeSiteDir, TRACE_URL_PATH } from '../support/server/harness.ts';
import { openConnection, openSocket, sendRaw } from '../support/server/rawHttp.ts';

let dir: string;
let server: ServiceProcess;
let url: string;

beforeAll(async () => {
  dir = makeSiteDir();
  server = await startService({
    TRACE_DB: join(dir, 'data', 'trace.db'),
    STATIC_DIR: join(dir, 'dist'),
    TRACE_API_KEYS: DEMO_KEY,
    SEED_DEMO: '1',
    // For the 'incoming request' line, which tells when the server has the request in flight.
    LOG_LEVEL: 'debug',
    // Longer than the test needs: the second signal ends the wait, so no step races a timer.
    DRAIN_DELAY_MS: '60000',
  });
  url = server.url;
}, 30_000);

afterAll(async () => {
  // The test's own SIGTERMs have ended it unless it failed half way; a second signal skips the drain.
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const CODE_BODY = JSON.stringify({ QrCode: '1D24B3261X54A2320' });
const lookup = (extra = '') =>
  `POST ${TRACE_URL_PATH}${extra} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
  `X-Key: ${DEMO_KEY}\r\nContent-Length: ${CODE_BODY.length}\r\n\r\n`;
const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`;

describe('SIGTERM', () => {
  it('turns readiness to 503 first, answers what comes during the drain, closes idle connections cleanly and finishes requests in flight', async () => {
    expect((await sendRaw(url, get('/readyz'))).status).toBe(200);

    const reusedAfterSignal = await openConnection(url);
    const idleThroughout = await openConnection(url);
    for (const connection of [reusedAfterSignal, idleThroughout]) {
      const first = await connection.exchange(lookup() + CODE_BODY);
      expect(first.status).toBe(200);
      expect(first.headers.connection).toBe('keep-alive');
    }
    const inFlight = await openConnection(url);
    const inFlightAnswer = inFlight.exchange(lookup('?in-flight=1') + CODE_BODY.slice(0, 5), 30_000);
    await server.waitForLine(/\?in-flight=….*"msg":"incoming request"/);

    server.child.kill('SIGTERM');
    await server.waitForLine(/SIGTERM: draining, readiness is 503/);

    const readiness = await sendRaw(url, get('/readyz'));
    expect(readiness.status).toBe(503);
    expect(JSON.parse(readiness.body)).toEqual({
      error: 'INTERNAL_SERVER_ERROR',
      Message: 'Shutting down',
      status: 503,
      EndPoint: '/readyz',
    });
    expect((await sendRaw(url, get('/healthz'))).status).toBe(200);

    // A request on a kept-alive connection just after the signal: answered, then that connection ends cleanly.
    const late = await reusedAfterSignal.exchange(lookup() + CODE_BODY);
    expect(late.status).toBe(200);
    expect(late.headers.connection).toBe('close');
    expect(JSON.parse(late.body).Data.Products[0].Code).toBe('1D24B3261X54A2320');
    expect((await reusedAfterSignal.closed(5000)).reset).toBe(false);

    server.child.kill('SIGTERM');
    await server.waitForLine(/closing: finishing in-flight requests/);
    expect(await idleThroughout.closed(5000)).toEqual({ received: '', reset: false });
    await expect(openSocket(url)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    inFlight.socket.write(CODE_BODY.slice(5));
    const finished = await inFlightAnswer;
    expect(finished.status).toBe(200);
    expect(finished.headers.connection).toBe('close');
    expect((await inFlight.closed(5000)).reset).toBe(false);

    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});

describe('TRUST_PROXY=true', () => {
  it('stops the service at start with a line naming the safe settings', async () => {
    const result = await runTs('server/main.ts', {
      env: { PORT: '0', TRUST_PROXY: 'true', TRACE_DB: join(dir, 'unused.db') },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^ {2}- TRUST_PROXY=true would take any client's own X-Forwarded-For .*TRUST_PROXY=1 .*TRUST_PROXY=10\.0\.0\.5\)$/m,
    );
    expect(result.stdout).not.toContain('ready');
  });
});
