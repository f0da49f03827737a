import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// The brand's trace service as bench:upstream needs it, in a process of its own: answers by the code's
// first letters. SHOP…: a can, at once. RND…: 204. GARB…: 200 with 1 MiB of garbage. CART…: a carton of
// CARTON_UNITS unit codes (about 1 MB of JSON, inside the page server's 1 MiB bound). With slow mode on
// (POST /control {"slow":true}), every code ending in 0 (a tenth of the bench's codes) is answered after SLOW_MS.

export const FAKE_READY = /^fake upstream at (http:\/\/\S+)$/;
const SLOW_MS = 5000;
const CARTON_UNITS = 50_000;
const GARBAGE = Buffer.alloc(1024 * 1024, 'x');

const item = (code: string) => ({
  Code: code,
  ProductUnit: 'lon',
  ProductCode: 'P1',
  ProductName: 'Sữa bột Đồng Xanh Gold 900g',
  Weight: 900,
  WeightType: 'g',
  ProductDate: '2026-01-05',
  ExpireDate: '2027-07-05',
});

/** The carton's unit codes as JSON, written once: the fake spends no time of its own on a carton, so
 * the shopper's lookups it answers meanwhile are not slowed by it, only by the page server. */
const UNITS_JSON = JSON.stringify(Array.from({ length: CARTON_UNITS }, (_, i) => `U${String(i).padStart(16, '0')}`));

function carton(code: string): string {
  const box = { ...item(code), ProductUnit: 'thùng', TotalPacket: CARTON_UNITS };
  return `{"Data":{"Products":[],"Box":[${JSON.stringify(box).slice(0, -1)},"UnitCodes":${UNITS_JSON}}]}}`;
}

function read(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
  });
}

let slow = false;

async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await read(request);
  if (request.url === '/control') {
    slow = (JSON.parse(body) as { slow: boolean }).slow;
    return void response.writeHead(204).end();
  }
  const code = (JSON.parse(body) as { QrCode: string }).QrCode;
  const send = () => {
    const json = (text: string | Buffer) => response.writeHead(200, { 'content-type': 'application/json' }).end(text);
    if (code.startsWith('RND')) return void response.writeHead(204).end();
    if (code.startsWith('GARB')) return json(GARBAGE);
    if (code.startsWith('CART')) return json(carton(code));
    return json(JSON.stringify({ Data: { Products: [item(code)], Box: [] } }));
  };
  if (slow && code.endsWith('0')) setTimeout(send, SLOW_MS);
  else send();
}

export function serveFakeUpstream(): void {
  const server = createServer((request, response) => void answer(request, response));
  server.listen(0, '127.0.0.1', () => {
    console.log(`fake upstream at http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  process.on('SIGTERM', () => process.exit(0));
}
