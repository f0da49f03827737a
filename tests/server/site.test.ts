import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSET_JS,
  ASSET_WASM,
  INDEX_HTML,
  startTestServer,
  TRACE_URL_PATH,
  type TestServer,
} from '../support/server/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the built page', () => {
  it.each(['/', '/dt'])('serves %s with 200, never from cache', async (path) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX_HTML);
  });

  it.each(['/no-such-page', '/dt/extra', '/assets/missing.js'])(
    'answers %s with the page and HTTP 404',
    async (path) => {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX_HTML);
    },
  );

  it('answers unknown API paths with a JSON error body', async () => {
    const response = await fetch(`${server.url}/qrinfo-svc/api/qr/unknown`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: 'NOT_FOUND',
      Message: 'No such endpoint',
      status: 404,
      EndPoint: '/qrinfo-svc/api/qr/unknown',
    });
  });

  it('caches hashed assets for a year as immutable and compresses them with brotli or gzip', async () => {
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch(`${server.url}/assets/index-abc123.js`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(await response.text()).toBe(ASSET_JS);
    }
  });

  it("serves the scanner's WebAssembly as application/wasm, which streaming compilation requires", async () => {
    const response = await fetch(`${server.url}/assets/zxing_reader-abc123.wasm`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/wasm');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(ASSET_WASM);
  });
});

describe('security headers', () => {
  const fetchHeaders = async (path: string, method = 'GET') =>
    (await fetch(`${server.url}${path}`, { method })).headers;

  function expectOnEveryResponse(headers: Headers) {
    expect(headers.get('permissions-policy')).toMatch(/(^|, )camera=\(self\)/);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // Plain http without a trusted proxy: no HSTS, which would pin http://localhost to https.
    expect(headers.get('strict-transport-security')).toBeNull();
  }

  it.each([
    ['the page', '/'],
    ['the 404 page', '/nope'],
  ])('are on %s, with a policy that lets it run', async (_name, path) => {
    const headers = await fetchHeaders(path);
    const csp = headers.get('content-security-policy') ?? '';
    // WebAssembly may compile (the scanner's decoder), eval() may not.
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self'");
    // Images from the page's own origin and data: (the inlined logo) only: no IMAGE_ORIGINS configured.
    expect(csp).toContain("img-src 'self' data:;");
    expect(csp).toContain("media-src 'self' blob: mediastream:");
    expect(headers.get('x-frame-options')).toBe('DENY');
    expectOnEveryResponse(headers);
  });

  it('let pictures come from the image hosts in IMAGE_ORIGINS, and from no other host', async () => {
    const withHosts = await startTestServer({ IMAGE_ORIGINS: 'https://images.example.com,https://cdn.example.net' });
    try {
      for (const path of ['/', '/dt?qr=1D24B3261X54A2320']) {
        const csp = (await fetch(`${withHosts.url}${path}`)).headers.get('content-security-policy') ?? '';
        expect(csp).toContain("img-src 'self' data: https://images.example.com https://cdn.example.net;");
      }
    } finally {
      await withHosts.close();
    }
  });

  it.each([
    ['a lookup', TRACE_URL_PATH, 'POST'],
    ['an unknown API path', '/qrinfo-svc/api/nope', 'GET'],
  ])('are on %s, with a policy that allows nothing at all', async (_name, path, method) => {
    const headers = await fetchHeaders(path, method);
    expect(headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expectOnEveryResponse(headers);
  });

  it('sends no CORS headers when no origin is configured', async () => {
    const preflight = await fetch(`${server.url}${TRACE_URL_PATH}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
