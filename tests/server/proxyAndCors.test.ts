import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY, startTestServer, TRACE_URL_PATH, type TestServer } from '../support/server/harness.ts';
import { sendRaw } from '../support/server/rawHttp.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    TRUST_PROXY: '127.0.0.1',
    PUBLIC_ORIGIN: 'https://trace.example.com',
    // A public instance refuses to start on the published demo key; this is the same key, as its own.
    TRACE_API_KEYS: DEMO_KEY,
    CORS_ORIGINS: 'https://shop.example.com',
  });
});
afterAll(() => server.close());

describe('behind a trusted proxy', () => {
  it('redirects a request the proxy reports as http to https on the configured origin', async () => {
    const response = await fetch(`${server.url}/dt?qr=1D24B3261X54A2320`, {
      headers: { 'x-forwarded-proto': 'http' },
      redirect: 'manual',
    });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('https://trace.example.com/dt?qr=1D24B3261X54A2320');
  });

  it.each([
    ['Host', '/dt?qr=1', 'Host: evil.example'],
    ['X-Forwarded-Host', '/dt?qr=1', 'Host: 127.0.0.1\r\nX-Forwarded-Host: evil.example'],
    ['an absolute request target', 'http://evil.example/dt?qr=1', 'Host: evil.example'],
  ])('never builds the redirect from %s', async (_name, target, hostHeaders) => {
    const response = await sendRaw(
      server.url,
      `GET ${target} HTTP/1.1\r\n${hostHeaders}\r\nX-Forwarded-Proto: http\r\nConnection: close\r\n\r\n`,
    );
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe('https://trace.example.com/dt?qr=1');
  });

  it('redirects nothing when no public origin is configured', async () => {
    const unconfigured = await startTestServer({ TRUST_PROXY: '1' });
    try {
      const response = await fetch(`${unconfigured.url}/dt`, {
        headers: { 'x-forwarded-proto': 'http' },
        redirect: 'manual',
      });
      expect(response.status).toBe(200);
      expect(unconfigured.logs.join('')).toContain('TRUST_PROXY is set without PUBLIC_ORIGIN');
    } finally {
      await unconfigured.close();
    }
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
