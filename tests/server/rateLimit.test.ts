import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_KEY, startTestServer, TRACE_URL_PATH, type TestServer } from '../support/server/harness.ts';
import { lookupFrom } from '../support/system/lookupFrom.ts';

let server: TestServer | undefined;
afterEach(() => server?.close());

it('answers lookups past RATE_LIMIT_MAX per window with 429 and the error body', async () => {
  server = await startTestServer({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' });
  const statuses = [];
  for (let i = 0; i < 3; i++) statuses.push((await server.trace({ QrCode: '1D24B3261X54A2320' })).status);
  expect(statuses).toEqual([200, 200, 200]);
  const limited = await server.trace({ QrCode: '1D24B3261X54A2320' });
  expect(limited.status).toBe(429);
  expect(limited.headers.get('retry-after')).toBe('60');
  expect(await limited.json()).toEqual({
    error: 'RATE_LIMIT',
    Message: 'Too many lookups, try again later',
    status: 429,
    EndPoint: TRACE_URL_PATH,
  });
  // A page sent unrendered (no render module here) looks nothing up and costs nothing: it still loads.
  expect((await fetch(`${server.url}/`)).status).toBe(200);
});

it('applies the default of 600 per minute', async () => {
  server = await startTestServer();
  const response = await server.trace({ QrCode: '1D24B3261X54A2320' });
  expect(response.headers.get('x-ratelimit-limit')).toBe('600');
});

it('turns the limit off with RATE_LIMIT_MAX=0', async () => {
  server = await startTestServer({ RATE_LIMIT_MAX: '0' });
  const response = await server.trace({ QrCode: '1D24B3261X54A2320' });
  expect(response.status).toBe(200);
  expect(response.headers.get('x-ratelimit-limit')).toBeNull();
});

it('counts requests with a wrong X-Key toward the limit', async () => {
  server = await startTestServer({ RATE_LIMIT_MAX: '3' });
  const statuses = [];
  for (let i = 0; i < 3; i++)
    statuses.push((await server.trace({ QrCode: '1D24B3261X54A2320' }, { 'X-Key': `guess-${i}` })).status);
  expect(statuses).toEqual([401, 401, 401]);
  expect((await server.trace({ QrCode: '1D24B3261X54A2320' })).status).toBe(429);
});

describe.each([
  ['a hop count', '1'],
  ['the proxy address', '127.0.0.1'],
])('behind a proxy trusted by %s', (_name, trustProxy) => {
  it('limits by the address the proxy added, whatever the client wrote before it', async () => {
    server = await startTestServer({ TRUST_PROXY: trustProxy, RATE_LIMIT_MAX: '3' });
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      // What a proxy forwards: the client's own X-Forwarded-For, then the address it saw.
      const forwarded = `198.51.100.${i}, 10.${i}.0.1, 203.0.113.9`;
      statuses.push((await server.trace({ QrCode: '1D24B3261X54A2320' }, { 'x-forwarded-for': forwarded })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // Another client behind the same proxy has a limit of its own.
    expect((await server.trace({ QrCode: '1D24B3261X54A2320' }, { 'x-forwarded-for': '203.0.113.10' })).status).toBe(
      200,
    );
  });
});

describe('the in-memory store', () => {
  /** A lookup over its own connection from `address`: Linux routes all of 127.0.0.0/8 to loopback. */
  const lookupAt = async (address: string) => {
    const { status, headers } = await lookupFrom(address, server!.url, '1D24B3261X54A2320', DEMO_KEY);
    return { status, remaining: headers['x-ratelimit-remaining'] };
  };

  it('keeps a blocked client blocked however many other addresses come by, in bounded memory', async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '2', RATE_LIMIT_ADDRESSES: '20' });
    const blocked = [];
    for (let i = 0; i < 3; i++) blocked.push((await lookupAt('127.0.0.2')).status);
    expect(blocked).toEqual([200, 200, 429]);
    expect((await lookupAt('127.0.0.3')).remaining).toBe('1');

    for (let i = 1; i <= 30; i++) expect((await lookupAt(`127.0.1.${i}`)).status).toBe(200);

    expect((await lookupAt('127.0.0.2')).status).toBe(429);
    // The client under its limit was the one let go: its count starts again, so the table stayed bounded.
    expect((await lookupAt('127.0.0.3')).remaining).toBe('1');
  });
});
