import { API_KEY_HEADER, TRACE_URL_PATH } from '../../src/api/traceContract.ts';
import { randomGenerator, randomRequest } from '../server/fuzzBodies.ts';

type Random = ReturnType<typeof randomGenerator>;

/** One request as bytes on the wire, and where it comes from. */
export interface WireRequest {
  kind: string;
  bytes: Buffer;
  /** A loopback source address other than 127.0.0.1, so the limiter sees many clients. */
  localAddress: string | undefined;
  /** Sent without its end: only the server's request timeout closes it. */
  unfinished: boolean;
}

const PATHS = [
  '/', '/dt', '/dt?qr=1D24B3261X54A2320', '/assets/index-abc123.js', '/assets/zxing_reader-abc123.wasm',
  '/assets/missing.js', '/assets/', '/healthz', '/readyz', '/qrinfo-svc/api', '/qrinfo-svc/api/', TRACE_URL_PATH,
  '/qrinfo-svc/api/openapi.json', '/qrinfo-svc/api/qr/unknown', '/.env', '/assets/..%2f..%2fetc%2fpasswd',
  '/assets/a%00.js', '/%zz', '/qrinfo-svc/api/%zz', '//evil.example/x', '/dt/%E0%A4%A', '/index.html',
  '/assets/%2e%2e/%2e%2e/package.json', '/favicon.ico', '/dt?qr=%00%ff', '*',
];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE', 'FOO', 'get'];
const ODD_HEADERS = [
  'Content-Encoding: gzip', 'Content-Encoding: br, gzip', 'Accept-Encoding: br', 'Accept-Encoding: gzip;q=0, *;q=0',
  'Expect: 100-continue', 'Expect: teapot', 'X-Forwarded-For: 203.0.113.9', 'X-Forwarded-For: , ,, garbage',
  'X-Forwarded-Proto: http', 'X-Forwarded-Host: evil.example', 'Origin: https://evil.example', 'Range: bytes=0-10',
  'Range: bytes=99999999-', 'If-None-Match: *', 'Cookie: a=b', 'Upgrade: websocket\r\nConnection: upgrade',
  `${API_KEY_HEADER}: ${'k'.repeat(300)}`, 'Accept-Version: 1.x',
];

/** Malformed HTTP that Node's parser or Fastify refuses before any route. */
function malformed(random: Random): string {
  const body = '{"QrCode":"1D24B3261X54A2320"}';
  return random.pick([
    () => `GET / HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n`,
    () => `GET / HTTP/1.1\r\nHost: x\r\nNo-Colon\r\n\r\n`,
    () => `GET / HTTP/1.1\r\nHost: x\r\nX-Nul: a\u0000b\r\n\r\n`,
    () => `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(17_000 + random.int(20_000))}\r\n\r\n`,
    () => `POST ${TRACE_URL_PATH} HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n${body}`,
    () => `POST ${TRACE_URL_PATH} HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n${body}`,
    () => `POST ${TRACE_URL_PATH} HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    () => `POST ${TRACE_URL_PATH} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n${body}\r\n0\r\n\r\n`,
    () => `POST ${TRACE_URL_PATH} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n`,
    () => `G\u00e9T / HTTP/1.1\r\nHost: x\r\n\r\n`,
    () => `GET / HTTP/2.0\r\nHost: x\r\n\r\n`,
    () => `GET / HTTP/1.1\r\n\r\n`,
    () => `GET / HTTP/1.1\nHost: x\n\n`,
    () => `GET / HTTP/1.1\rHost: x\r\r`,
    () => `GET /${' '.repeat(10)}x HTTP/1.1\r\nHost: x\r\n\r\n`,
    () => `CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n`,
    () => `PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n`,
    () => `\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u0001\u00fc\u0003\u0003`,
    () => Array.from({ length: random.int(400) }, () => String.fromCharCode(random.int(256))).join(''),
    () => `GET / HTTP/1.1\r\nHost: x\r\n\r\nGET /dt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    () => `GET / HTTP/1.0\r\n\r\n`,
    () => `GET http://evil.example/dt HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
  ])();
}

function garbagePath(random: Random): string {
  const pieces = ['/', 'a', '..', '%2e', '%2f', '%00', '%zz', '%', 'é', '😀', '?', '#', '&x=', ';', '\\', '~'];
  const path = `/${Array.from({ length: 1 + random.int(30) }, () => random.pick(pieces)).join('')}`;
  return random.next() < 0.05 ? `/${'x'.repeat(3000 + random.int(6000))}` : path.replace(/[^\x21-\x7e]/gu, encodeURIComponent);
}

function lookup(random: Random): string {
  const request = randomRequest(random);
  const body = request.body ?? '';
  const headers = [`Host: 127.0.0.1`, 'Connection: close'];
  if (request.contentType) headers.push(`Content-Type: ${request.contentType}`);
  if (request.withKey) headers.push(`${API_KEY_HEADER}: ${random.next() < 0.9 ? 'fuzz-key' : 'wrong-key'}`);
  if (random.next() < 0.15) headers.push(random.pick(ODD_HEADERS));
  if (request.body !== undefined && random.next() < 0.1) {
    headers.push('Transfer-Encoding: chunked');
    const bytes = Buffer.byteLength(body);
    return `POST ${TRACE_URL_PATH} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n${bytes.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
  }
  if (request.body !== undefined) headers.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `POST ${TRACE_URL_PATH} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n${body}`;
}

function anyPath(random: Random): string {
  const method = random.pick(METHODS);
  const path = random.next() < 0.6 ? random.pick(PATHS) : garbagePath(random);
  const headers = ['Host: 127.0.0.1', 'Connection: close'];
  for (let i = random.int(3); i > 0; i--) headers.push(random.pick(ODD_HEADERS));
  const body = random.next() < 0.2 ? random.pick(['{}', '{"QrCode":"1D24B3261X54A2320"}', 'x'.repeat(random.int(100_000))]) : undefined;
  if (body !== undefined) headers.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`);
  return `${method} ${path} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n${body ?? ''}`;
}

/** The fuzz's requests, from one seed: the same seed sends the same requests. */
export function fuzzRequests(seed: number) {
  const random = randomGenerator(seed);
  return (): WireRequest => {
    const roll = random.next();
    const [kind, text] =
      roll < 0.45 ? ['lookup', lookup(random)] : roll < 0.75 ? ['any path', anyPath(random)] : ['malformed', malformed(random)];
    const unfinished = random.next() < 0.005;
    const bytes = Buffer.from(text, kind === 'malformed' ? 'latin1' : 'utf8');
    return {
      kind: unfinished ? `${kind}, unfinished` : kind,
      bytes: unfinished ? bytes.subarray(0, Math.max(1, bytes.length - 1 - random.int(Math.min(bytes.length - 1, 40)))) : bytes,
      localAddress: random.next() < 0.5 ? `127.0.${random.int(4)}.${2 + random.int(250)}` : undefined,
      unfinished,
    };
  };
}
