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
  | 'noContent';

export interface FaultProxy {
  url: string;
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

  const handle = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    calls++;
    const now = fault;
    if (--left <= 0) {
      fault = 'pass';
      left = Infinity;
    }
    const json = (status: number, body: string) => {
      incoming.resume();
      outgoing.writeHead(status, { 'content-type': 'application/json' }).end(body);
    };
    switch (now) {
      case 'pass':
        return pass(incoming, outgoing);
      case 'slow':
        return void setTimeout(() => pass(incoming, outgoing), proxy.delayMs);
      case 'html500':
        incoming.resume();
        return void outgoing.writeHead(500, { 'content-type': 'text/html' }).end(NGINX_500);
      case 'error401':
        return json(401, JSON.stringify(UPSTREAM_401));
      case 'error500':
        return json(500, JSON.stringify(UPSTREAM_500));
      case 'resetMidBody':
        incoming.resume();
        outgoing.writeHead(200, { 'content-type': 'application/json', 'content-length': '400' });
        outgoing.write('{"Data":{"Products":[{"Code":"');
        return void setTimeout(() => outgoing.socket?.resetAndDestroy(), 20);
      case 'resetAtOnce':
        return void incoming.socket.resetAndDestroy();
      case 'garbage':
        return json(200, '{"Data": this is not json');
      case 'oversize':
        return json(200, JSON.stringify({ Data: { Products: [], Box: [], Filler: 'x'.repeat(2 * 1024 * 1024) } }));
      case 'noContent':
        incoming.resume();
        return void outgoing.writeHead(204).end();
    }
  };

  const server: Server = createServer(handle);
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
