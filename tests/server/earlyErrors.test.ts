import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TRACE_URL_PATH, type TestServer } from '../support/server/harness.ts';
import { sendRaw, type RawResponse } from '../support/server/rawHttp.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The contract's body and the security headers of the path's kind (API or page). */
function expectContractError(
  response: RawResponse & { reset: boolean },
  status: number,
  message: string,
  endPoint: string,
  error = 'VALIDATION',
) {
  expect(response.status, response.text.slice(0, 300)).toBe(status);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(JSON.parse(response.body)).toEqual({ error, Message: message, status, EndPoint: endPoint });
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['permissions-policy']).toMatch(/camera=\(self\)/);
  const csp = response.headers['content-security-policy'];
  if (endPoint.startsWith('/qrinfo-svc/api/')) expect(csp).toBe(API_CSP);
  else expect(csp).toMatch(/^default-src 'self';.*frame-ancestors 'none'/);
  // Closed after the answer, not reset: a reset may destroy the answer before the client reads it.
  expect(response.reset).toBe(false);
}

const HEADERS_OVER_16_KIB = `X-Big: ${'a'.repeat(20_000)}\r\n`;

describe('errors raised before any route', () => {
  it.each([
    ['the page', '/dt'],
    ['the API', TRACE_URL_PATH],
  ])('431 for headers over the limit, on %s', async (_name, path) => {
    const response = await sendRaw(server.url, `GET ${path}?qr=1 HTTP/1.1\r\nHost: x\r\n${HEADERS_OVER_16_KIB}\r\n`);
    expectContractError(response, 431, 'The request headers are too large', path);
  });

  it.each([
    ['the page', '/%zz'],
    ['the API', '/qrinfo-svc/api/qr/%zz'],
  ])('400 for a URL that cannot be decoded, on %s', async (_name, path) => {
    const response = await sendRaw(server.url, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expectContractError(response, 400, 'The URL is not valid', path);
  });

  it('400 for a malformed header line', async () => {
    const response = await sendRaw(server.url, `GET /dt HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n`);
    expectContractError(response, 400, 'The request is not valid HTTP', '/dt');
  });

  it('400 for something that is not HTTP at all, with an empty EndPoint', async () => {
    const response = await sendRaw(server.url, 'HELLO\r\n\r\n');
    expectContractError(response, 400, 'The request is not valid HTTP', '');
  });

  it('400 for a body whose chunked framing is broken', async () => {
    const response = await sendRaw(
      server.url,
      `POST ${TRACE_URL_PATH} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n`,
    );
    expectContractError(response, 400, 'The request is not valid HTTP', TRACE_URL_PATH);
  });

  it('417 for an Expect other than 100-continue', async () => {
    const response = await sendRaw(
      server.url,
      `GET /dt HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\nConnection: close\r\n\r\n`,
    );
    expectContractError(response, 417, 'Only Expect: 100-continue is supported', '/dt');
  });

  it('400 for an HTTP/1.1 request without Host, which Node would answer with a bare 400', async () => {
    const response = await sendRaw(server.url, `GET /dt HTTP/1.1\r\nConnection: close\r\n\r\n`);
    expectContractError(response, 400, 'The Host header is missing', '/dt');
  });

  it('405 for CONNECT, which Node would drop without a word', async () => {
    const response = await sendRaw(server.url, `CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n`);
    expectContractError(response, 405, 'CONNECT is not supported', '');
  });

  it('a path static files refuse (403 from send) is a 404 NOT_FOUND, not a VALIDATION error', async () => {
    const response = await sendRaw(server.url, `GET /assets/a%00.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expectContractError(response, 404, 'Not found', '/assets/a%00.js', 'NOT_FOUND');
  });

  it('still answers on other connections after all of the above', async () => {
    expect((await server.trace({ QrCode: '1D24B3261X54A2320' })).status).toBe(200);
  });
});

describe('the debug line of a refused request', () => {
  it('names the error code and never the request bytes the error carries (X-Key, cookies, the code)', async () => {
    const verbose = await startTestServer({ LOG_LEVEL: 'debug' });
    try {
      verbose.logs.length = 0;
      const response = await sendRaw(
        verbose.url,
        `GET /dt?qr=1D24B3261X54A2320 HTTP/1.1\r\nHost: x\r\nX-Key: secret-key-93b1\r\nCookie: session=c0ffee\r\nBad Header: y\r\n\r\n`,
      );
      expect(response.status).toBe(400);
      const refused = verbose.logs
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.msg === 'refused before routing');
      expect(refused).toEqual([expect.objectContaining({ level: 20, code: 'HPE_INVALID_HEADER_TOKEN', status: 400 })]);
      // Neither as text nor as the bytes of a serialised Buffer (pino writes a Buffer as its byte values).
      const text = verbose.logs.join('');
      for (const secret of ['secret-key-93b1', 'c0ffee', '1D24B3261X54A2320']) {
        expect(text).not.toContain(secret);
        expect(text).not.toContain([...Buffer.from(secret)].join(','));
      }
    } finally {
      await verbose.close();
    }
  });
});
