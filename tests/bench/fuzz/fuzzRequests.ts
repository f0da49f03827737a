import { API_KEY_HEADER, TRACE_URL_PATH } from '../../../src/contract/traceContract.ts';
import { randomGenerator, randomRequest } from '../../support/server/fuzzBodies.ts';

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
  '/',
  '/dt',
  '/dt?qr=1D24B3261X54A2320',
  '/assets/index-abc123.js',
  '/assets/zxing_reader-abc123.wasm',
  '/assets/missing.js',
  '/assets/',
  '/healthz',
  '/readyz',
  '/qrinfo-svc/api',
  '/qrinfo-svc/api/',
  TRACE_URL_PATH,
  '/qrinfo-svc/api/openapi.json',
  '/qrinfo-svc/api/qr/unknown',
  '/.env',
  '/assets/..%2f..%2fetc%2fpasswd',
  '/assets/a%00.js',
  '/%zz',
  '/qrinfo-svc/api/%zz',
  '//evil.example/x',
  '/dt/%E0%A4%A',
  '/index.html',
  '/assets/%2e%2e/%2e%2e/package.json',
  '/favicon.ico',
  '/dt?qr=%00%ff',
  '*',
];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE', 'FOO', 'get'];
const ODD_HEADERS = [
  'Content-Encoding: gzip',
  'Content-Encoding: br, gzip',
  'Accept-Encoding: br',
  'Accept-Encoding: gzip;q=0, *;q=0',
  'Expect: 100-continue',
  'Expect: teapot',
  'X-Forwarded-For: 203.0.113.9',
  'X-Forwarded-For: , ,, garbage',
  'X-Forwarded-Proto: http',
  'X-Forwarded-Host: evil.example',
  'Origin: https://evil.example',
  'Range: bytes=0-10',
  'Range: bytes=99999999-',
  'If-None-Match: *',
  'Cookie: a=b',
  'Upgrade: websocket\r\nConnection: upgrade',
  `${API_KEY_HEADER}: ${'k'.repeat(300)}`,
  'Accept-Version: 1.x',
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
    () =>
      `POST ${TRACE_URL_PATH} HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
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
  return random.next() < 0.05
    ? `/${'x'.repeat(3000 + random.int(6000))}`
    : path.replace(/[^\x21-\x7e]/gu, encodeURIComponent);
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
  const body =
    random.next() < 0.2
      ? random.pick(['{}', '{"QrCode":"1D24B3261X54A2320"}', 'x'.repeat(random.int(100_000))])
      : undefined;
  if (body !== undefined) headers.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`);
  return `${method} ${path} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n${body ?? ''}`;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const HOSTILE_CODES = [
  '1D24B3261X54A2320',
  'TH26A1105C48B0001',
  '1d24b3261x54a2320',
  '1D24-B326-1X54-A2320',
  '%20%201D24B3261X54A2320%20',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '%3C%2Fscript%3E',
  '%00',
  '%ff%fe',
  '😀'.repeat(20),
  '../../etc/passwd',
  "' OR 1=1 --",
  '%E2%80%A8%E2%80%A9',
  '',
  '1D24B3261X54A2320&qr=TH26A1105C48B0001',
];

function randomCode(random: Random): string {
  if (random.next() < 0.5) return random.pick(HOSTILE_CODES);
  return Array.from({ length: 14 + random.int(8) }, () => random.pick([...ALPHANUMERIC])).join('');
}

function junkParams(random: Random): string {
  const params = Array.from(
    { length: random.int(4) },
    () =>
      `${random.pick(['lng', 'x', 'utm_source', 'qr', 'n', '__proto__', '%zz'])}=${random.pick(['en', 'vi', 'fr', '', String(random.int(1e9)), '%', '%zz'])}`,
  );
  return params.map((param) => `&${param}`).join('');
}

/** The server-rendered page path: `/` and `/dt?qr=` with random and hostile codes, junk, long URLs, odd methods. */
function pagePath(random: Random): string {
  const method = random.next() < 0.85 ? random.pick(['GET', 'GET', 'GET', 'HEAD']) : random.pick(METHODS);
  const roll = random.next();
  const path =
    roll < 0.15
      ? `/${random.pick(['', '?', `?lng=${random.pick(['en', 'vi', 'xx'])}`, `?n=${random.int(1e9)}`])}`
      : roll < 0.85
        ? `/dt?qr=${randomCode(random)}${junkParams(random)}`
        : roll < 0.95
          ? `/dt?qr=${randomCode(random)}&pad=${'x'.repeat(2000 + random.int(12_000))}`
          : `/${random.pick(['support', 'missing', 'dt/extra', 'DT'])}?qr=${randomCode(random)}`;
  const headers = ['Host: 127.0.0.1', 'Connection: close'];
  if (random.next() < 0.5)
    headers.push(`Accept-Language: ${random.pick(['en', 'vi', 'en-GB,en;q=0.9', 'fr;q=0', '*', ';;;q=x'])}`);
  if (random.next() < 0.2) headers.push(`Cookie: i18nextLng=${random.pick(['en', 'vi', '%zz', ''])}`);
  if (random.next() < 0.1) headers.push(random.pick(ODD_HEADERS));
  return `${method} ${path} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`;
}

/** The pictures' route: random and valid-looking names, the demo's own, query strings. */
function imagePath(random: Random, knownImages: readonly string[]): string {
  const hex = () => Array.from({ length: 32 }, () => random.pick([...'0123456789abcdef'])).join('');
  const name = random.pick([
    () => random.pick(knownImages.length > 0 ? knownImages : ['0123456789abcdef0123456789abcdef.svg']),
    () => `${hex()}.${random.pick(['png', 'jpg', 'webp', 'svg'])}`,
    () => `${hex().toUpperCase()}.svg`,
    () => `${hex()}.gif`,
    () => random.pick(['..%2F..%2Fpackage.json', '%00.svg', 'x', '', `${'a'.repeat(3000)}.png`, '%zz']),
  ])();
  const query =
    random.next() < 0.3 ? random.pick(['?x=1', `?fbclid=${random.int(1e9)}`, '?', '?%zz', `?${'q'.repeat(4000)}`]) : '';
  const method = random.next() < 0.9 ? random.pick(['GET', 'HEAD']) : random.pick(METHODS);
  const headers = ['Host: 127.0.0.1', 'Connection: close'];
  if (random.next() < 0.2)
    headers.push(random.pick(['If-None-Match: *', `If-None-Match: "${name}"`, 'Range: bytes=0-10']));
  return `${method} /qrinfo-svc/api/images/${name}${query} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`;
}

/**
 * The fuzz's requests, from one seed: the same seed sends the same requests. `knownImages` are names
 * the service stores (the demo data's), so some picture requests find one.
 */
export function fuzzRequests(seed: number, knownImages: readonly string[] = []) {
  const random = randomGenerator(seed);
  return (): WireRequest => {
    const roll = random.next();
    const [kind, text] =
      roll < 0.3
        ? ['lookup', lookup(random)]
        : roll < 0.5
          ? ['any path', anyPath(random)]
          : roll < 0.7
            ? ['page', pagePath(random)]
            : roll < 0.8
              ? ['image', imagePath(random, knownImages)]
              : ['malformed', malformed(random)];
    const unfinished = random.next() < 0.005;
    const bytes = Buffer.from(text, kind === 'malformed' ? 'latin1' : 'utf8');
    return {
      kind: unfinished ? `${kind}, unfinished` : kind,
      bytes: unfinished
        ? bytes.subarray(0, Math.max(1, bytes.length - 1 - random.int(Math.min(bytes.length - 1, 40))))
        : bytes,
      localAddress: random.next() < 0.5 ? `127.0.${random.int(4)}.${2 + random.int(250)}` : undefined,
      unfinished,
    };
  };
}
