import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY, startTestServer, TRACE_URL_PATH, type TestServer } from '../support/server/harness.ts';
import { closedWithin, openSocket, parseResponse } from '../support/server/rawHttp.ts';

const TIMEOUT_MS = 1000;
/** Node checks request deadlines on a timer (every TIMEOUT_MS / 4 here), and the test machine may be busy. */
const CLOSED_WITHIN_MS = TIMEOUT_MS * 3;
const SLOW_CLIENTS = 50;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ REQUEST_TIMEOUT_MS: String(TIMEOUT_MS), RATE_LIMIT_MAX: '0' });
});
afterAll(() => server.close());

const body = JSON.stringify({ QrCode: '1D24B3261X54A2320' });
const unfinishedLookup =
  `POST ${TRACE_URL_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
  `X-Key: ${DEMO_KEY}\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`;

describe('a client that never finishes its request', () => {
  it('is cut off after REQUEST_TIMEOUT_MS with a 408 in the error contract, while lookups keep working', async () => {
    const sockets = await Promise.all(Array.from({ length: SLOW_CLIENTS }, () => openSocket(server.url)));
    const started = performance.now();
    const closings = sockets.map((socket) => closedWithin(socket, CLOSED_WITHIN_MS));
    sockets.forEach((socket) => socket.write(unfinishedLookup));

    const lookup = await server.trace({ QrCode: '1D24B3261X54A2320' });
    expect(lookup.status).toBe(200);

    const closed = await Promise.all(closings);
    expect(performance.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS * 0.9);
    const response = parseResponse(closed[0]?.received ?? '');
    expect(response.status).toBe(408);
    expect(JSON.parse(response.body)).toEqual({
      error: 'VALIDATION',
      Message: 'The request took too long to arrive',
      status: 408,
      EndPoint: TRACE_URL_PATH,
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect((await server.trace({ QrCode: '1D24B3261X54A2320' })).status).toBe(200);
  });

  it('is cut off too when it sends only part of its headers', async () => {
    const socket = await openSocket(server.url);
    const closing = closedWithin(socket, CLOSED_WITHIN_MS);
    socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: `);
    expect(parseResponse((await closing).received).status).toBe(408);
  });

  it('is cut off when it connects and sends nothing', async () => {
    const socket = await openSocket(server.url);
    await closedWithin(socket, CLOSED_WITHIN_MS);
  });
});
