import { afterEach, expect, it } from 'vitest';
import { startTestServer, TRACE_URL_PATH, type TestServer } from './harness.ts';

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
  // Only the trace endpoint is limited: the page still loads.
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
