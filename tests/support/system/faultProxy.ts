import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { forwardTo } from './forwardTo.ts';

/** What the proxy does to the next calls; `pass` forwards them to the real upstream. */
export type Fault =
  | 'pass'
  /** Forwards, but only after `delayMs`. */
  | 'slow'
  | 'html500'
  | 'error401'
  /** The contract's error body with a 500: the upstream's own failure, told in its words. */
  | 'error500'
  /** Sends the headers and half a body, then resets the connection. */
  | 'resetMidBody'
  /** Resets the connection before any response byte. */
  | 'resetAtOnce'
  | 'garbage'
  | 'oversize'
  | 'noContent'
  /** N4's leaky 500: an internal endpoint, a stack, a database host and the key the upstream got. */
  | 'error500Leaky'
  /** A 401 whose message echoes the key it got. */
  | 'error401Echo'
  | 'error403'
  /** 429 with Retry-After: 7, the reference service's own body. */
  | 'error429'
  /** A 400 in the contract's words, with a field of its own and the key echoed. */
  | 'error400'
  /** 200 for the code asked, with an object for a name (a render would throw on it). */
  | 'wrongType'
  /** 200 with another code's product. */
  | 'otherCode'
  /** 200 for the code asked with a field outside the contract. */
  | 'extraField'
  /** 200 for the code asked: a carton of BIG_CARTON_UNITS unit codes (1 MB), BIG_CARTON_UNIT(i) each. */
  | 'bigCarton';

export interface FaultProxy {
  url: string;
  /** A fault for one code's calls, before the one `set` gives (undefined: that one). */
  forCode: ((code: string) => Fault | undefined) | undefined;
  /** The X-Forwarded-For of the last call that had one. */
  readonly forwardedFor: string | undefined;
  /** Calls that reached the proxy (each counts, whatever the fault). */
  readonly calls: number;
  /** Sets the fault for the next calls; `times` calls, then back to `pass` (for ever when omitted). */
  set(fault: Fault, times?: number): void;
  delayMs: number;
  /** Stops listening (connections are refused) until `up()`, on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
}

const NGINX_500 =
  '<!doctype html><html><head><title>500 Internal Server Error</title></head><body><h1>500</h1></body></html>';
export const UPSTREAM_401 = {
  error: 'AUTHENTICATION_FAILURE',
  Message: 'Unknown key',
  status: 401,
  EndPoint: '/qrinfo-svc/api/qr/trace',
};
/** What the 'otherCode' fault answers: a real product, for another code. */
export const OTHER_CODE = '1D24B3261X54A2320';
const product = (code: string, name: unknown) => ({
  Code: code,
  ProductUnit: 'lon',
  ProductCode: 'P1',
  ProductName: name,
  Weight: 400,
  WeightType: 'g',
  ProductDate: '2026-01-01',
  ExpireDate: '2027-01-01',
});
/** How many unit codes the 'bigCarton' fault's carton holds, and the i-th of them (from 0). */
export const BIG_CARTON_UNITS = 50_000;
export const BIG_CARTON_UNIT = (i: number) => `HP26A1105C${String(i).padStart(7, '0')}`;
const bigCarton = (code: string) => ({
  Data: {
    Products: [],
    Box: [
      {
        ...product(code, 'Sữa bột Đồng Xanh Gold 900g'),
        ProductUnit: 'thùng',
        TotalPacket: BIG_CARTON_UNITS,
        UnitCodes: Array.from({ length: BIG_CARTON_UNITS }, (_, i) => BIG_CARTON_UNIT(i)),
      },
    ],
  },
});
export const UPSTREAM_500 = {
  error: 'INTERNAL_SERVER_ERROR',
  Message: 'Database down',
  status: 500,
  EndPoint: '/qrinfo-svc/api/qr/trace',
};

/**
 * A node:http proxy between the page server and a real upstream that injects one fault at a time:
 * what a trace service behind a flaky network or a broken gateway does.
 */
export async function startFaultProxy(upstream: string): Promise<FaultProxy> {
  const target = new URL(upstream);
  let fault: Fault = 'pass';
  let left = Infinity;
  let calls = 0;
  const sockets = new Set<Socket>();

  const pass = forwardTo(target);

  const handle = (incoming: IncomingMessage, outgoing: ServerResponse, body: Buffer) => {
    calls++;
    const key = String(incoming.headers['x-key'] ?? '');
    const forwarded = incoming.headers['x-forwarded-for'];
    if (typeof forwarded === 'string') forwardedFor = forwarded;
    let code = '';
    try {
      code = String((JSON.parse(body.toString()) as { QrCode?: unknown }).QrCode ?? '');
    } catch {
      // Not JSON: forwarded as it came, for the upstream to refuse.
    }
    let now = fault;
    if (--left <= 0) {
      fault = 'pass';
      left = Infinity;
    }
    now = proxy.forCode?.(code) ?? now;
    const json = (status: number, answer: unknown, headers: Record<string, string> = {}) =>
      outgoing
        .writeHead(status, { 'content-type': 'application/json', ...headers })
        .end(typeof answer === 'string' ? answer : JSON.stringify(answer));
    switch (now) {
      case 'pass':
        return pass(incoming, outgoing, body);
      case 'slow':
        return void setTimeout(() => pass(incoming, outgoing, body), proxy.delayMs);
      case 'html500':
        return void outgoing.writeHead(500, { 'content-type': 'text/html' }).end(NGINX_500);
      case 'error401':
        return json(401, UPSTREAM_401);
      case 'error500':
        return json(500, UPSTREAM_500);
      case 'resetMidBody':
        outgoing.writeHead(200, { 'content-type': 'application/json', 'content-length': '400' });
        outgoing.write('{"Data":{"Products":[{"Code":"');
        return void setTimeout(() => outgoing.socket?.resetAndDestroy(), 20);
      case 'resetAtOnce':
        return void incoming.socket.resetAndDestroy();
      case 'garbage':
        return json(200, '{"Data": this is not json');
      case 'oversize':
        return json(200, { Data: { Products: [], Box: [], Filler: 'x'.repeat(2 * 1024 * 1024) } });
      case 'bigCarton':
        return json(200, bigCarton(code));
      case 'noContent':
        return void outgoing.writeHead(204).end();
      case 'error500Leaky':
        return json(500, {
          error: 'X',
          Message: 'pg auth failed at 10.1.2.3',
          status: 500,
          EndPoint: '/internal/v2/trace',
          stack: 'at db.js:42',
          echoedKey: key,
        });
      case 'error401Echo':
        return json(401, { ...UPSTREAM_401, Message: `key ${key} revoked` });
      case 'error403':
        return json(403, { error: 'AUTHENTICATION_FAILURE', Message: 'Forbidden', status: 403, EndPoint: '/x' });
      case 'error429':
        return json(
          429,
          { error: 'RATE_LIMIT', Message: 'Rate limit exceeded', status: 429, EndPoint: '/qrinfo-svc/api/qr/trace' },
          { 'retry-after': '7' },
        );
      case 'error400':
        return json(400, {
          error: 'VALIDATION',
          Message: `bad code for ${key}`,
          status: 400,
          EndPoint: '/internal/v2/trace',
          debug: 'row 7',
        });
      case 'wrongType':
        return json(200, { Data: { Products: [product(code, { toString: 1 })], Box: [] } });
      case 'otherCode':
        return json(200, { Data: { Products: [product(OTHER_CODE, 'Another product')], Box: [] } });
      case 'extraField':
        return json(200, { Data: { Products: [{ ...product(code, 'Milk'), InternalId: 42 }], Box: [] }, Debug: 'x' });
    }
  };

  let forwardedFor: string | undefined;
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => handle(incoming, outgoing, Buffer.concat(chunks)));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((closed) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => closed());
    });

  const proxy: FaultProxy = {
    url: `http://127.0.0.1:${port}`,
    forCode: undefined,
    get forwardedFor() {
      return forwardedFor;
    },
    get calls() {
      return calls;
    },
    set(next, times = Infinity) {
      fault = next;
      left = times;
    },
    delayMs: 0,
    down: close,
    up: () => new Promise<void>((listening) => server.listen(port, '127.0.0.1', listening)),
    stop: close,
  };
  return proxy;
}
