import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TRACE_URL_PATH, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '127.0.0.1', CORS_ORIGINS: 'https://shop.example.com' });
});
afterAll(() => server.close());

describe('behind a trusted proxy', () => {
  it('redirects a request the proxy reports as http to https', async () => {
    const response = await fetch(`${server.url}/dt?qr=1D24B3261X54A2320`, {
      headers: { 'x-forwarded-proto': 'http', 'x-forwarded-host': 'trace.example.com' },
      redirect: 'manual',
    });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('https://trace.example.com/dt?qr=1D24B3261X54A2320');
  });

  it('keeps the method on a redirected API call', async () => {
    const response = await server.trace({ QrCode: '1D24B3261X54A2320' }, { 'x-forwarded-proto': 'http' });
    expect(response.status).toBe(308);
  });

  it('sends HSTS over https', async () => {
    const response = await fetch(`${server.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('CORS for configured origins', () => {
  const preflight = (origin: string) =>
    fetch(`${server.url}${TRACE_URL_PATH}`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-key',
      },
    });

  it('answers the preflight for X-Key from an allowed origin', async () => {
    const response = await preflight('https://shop.example.com');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/X-Key/);
    expect(response.headers.get('access-control-allow-methods')).toBe('POST');
  });

  it('allows the lookup itself from that origin, with https reported by the proxy', async () => {
    const response = await server.trace(
      { QrCode: '1D24B3261X54A2320' },
      { origin: 'https://shop.example.com', 'x-forwarded-proto': 'https' },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
  });

  it('gives other origins nothing', async () => {
    const response = await preflight('https://evil.example.net');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('does not apply to the page', async () => {
    const response = await fetch(`${server.url}/`, {
      headers: { origin: 'https://shop.example.com', 'x-forwarded-proto': 'https' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
