import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY, startTestServer, TRACE_URL_PATH, type TestServer } from '../support/server/harness.ts';
import { sendRaw } from '../support/server/rawHttp.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const LOOKUP = JSON.stringify({ QrCode: '1D24B3261X54A2320' });

const error415 = (message: string, endPoint: string) => ({
  error: 'VALIDATION',
  Message: message,
  status: 415,
  EndPoint: endPoint,
});

describe('the lookup body', () => {
  it.each(['gzip', 'br', 'deflate'])('is refused with 415 when sent with Content-Encoding: %s', async (coding) => {
    // Refused on the header alone, before a byte of the body is read, so the body need not be compressed.
    const response = await server.trace(LOOKUP, { 'content-encoding': coding });
    expect(response.status).toBe(415);
    expect(response.headers.get('accept-encoding')).toBe('identity');
    expect(await response.json()).toEqual(
      error415('The body must not be compressed (Content-Encoding)', TRACE_URL_PATH),
    );
  });

  it.each(['latin1', 'ISO-8859-1', 'utf-16', '"windows-1252"'])(
    'is refused with 415 when its charset is %s',
    async (charset) => {
      const response = await server.trace(LOOKUP, { 'content-type': `application/json; charset=${charset}` });
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual(error415('The body must be UTF-8 JSON', TRACE_URL_PATH));
    },
  );

  it.each(['utf-8', 'UTF-8', 'utf8', '"utf-8"'])(
    'is read when its charset is %s, or with identity encoding',
    async (charset) => {
      const response = await server.trace(LOOKUP, {
        'content-type': `application/json; charset=${charset}`,
        'content-encoding': 'identity',
      });
      expect(response.status).toBe(200);
    },
  );
});

describe('outside the API', () => {
  it.each([
    ['POST', '/', LOOKUP],
    ['POST', '/no-such-page', '{"broken'],
    ['PUT', '/dt', 'x'.repeat(1024 * 1024)],
    ['DELETE', '/assets/index-abc123.js', '{}'],
  ])('%s %s with a body is refused with 405, unread', async (method, path, body) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(await response.json()).toEqual({
      error: 'VALIDATION',
      Message: `${method} is not allowed here: only GET and HEAD`,
      status: 405,
      EndPoint: path,
    });
  });

  it('refuses a GET with a body with 415, unread', async () => {
    const response = await sendRaw(
      server.url,
      `GET /dt HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${LOOKUP.length}\r\nConnection: close\r\n\r\n${LOOKUP}`,
    );
    expect(response.status).toBe(415);
    expect(JSON.parse(response.body)).toEqual(error415('This path takes no request body', '/dt'));
  });

  it('does not take an absolute-form target (which proxies may send) for a path outside the API', async () => {
    const response = await sendRaw(
      server.url,
      `POST http://trace.example.com${TRACE_URL_PATH} HTTP/1.1\r\nHost: trace.example.com\r\nX-Key: ${DEMO_KEY}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${LOOKUP.length}\r\nConnection: close\r\n\r\n${LOOKUP}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('answers requests without a body as before', async () => {
    expect((await fetch(`${server.url}/dt`)).status).toBe(200);
    expect((await fetch(`${server.url}/`, { method: 'POST' })).status).toBe(405);
  });
});
