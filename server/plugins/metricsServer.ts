import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface MetricsServer {
  /** e.g. http://127.0.0.1:9464; the scrape path is /metrics. */
  url: string;
  close(): Promise<void>;
}

/**
 * Prometheus's scrape endpoint on a port of its own, kept off the public one: what the service counts
 * is for its operators, and a proxy that forwards only the public port cannot expose it by mistake.
 */
export async function serveMetrics(registry: Registry, port: number, host: string): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = request.url?.split('?')[0];
    if ((request.method !== 'GET' && request.method !== 'HEAD') || path !== '/metrics') {
      response
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end('Not found: the metrics are at /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) =>
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics unavailable\n'),
    );
  });
  server.listen(port, host);
  await once(server, 'listening');
  const { address, family, port: bound } = server.address() as AddressInfo;
  const hostPart = family === 'IPv6' ? `[${address}]` : address;
  return {
    url: `http://${hostPart}:${bound}`,
    close: async () => {
      const closed = once(server, 'close');
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}
