import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { forwardTo } from './forwardTo.ts';
import { TRACE_URL_PATH } from '../../../src/contract/traceContract.ts';

export interface BadGatewayProxy {
  url: string;
  stop: () => Promise<void>;
}

const BAD_GATEWAY_PAGE =
  '<!doctype html><html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';

/**
 * A reverse proxy in front of the real service, as nginx would stand, whose upstream for the trace API
 * is down: page files are forwarded to `upstream`, the trace call gets nginx's HTML 502 page.
 */
export async function startBadGatewayProxy(upstream: string): Promise<BadGatewayProxy> {
  const pass = forwardTo(new URL(upstream));
  const server: Server = createServer((incoming, outgoing) => {
    if ((incoming.url ?? '').split('?', 1)[0] === TRACE_URL_PATH) {
      incoming.resume();
      outgoing.writeHead(502, { 'content-type': 'text/html' }).end(BAD_GATEWAY_PAGE);
      return;
    }
    pass(incoming, outgoing);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
