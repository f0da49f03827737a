import { request as forward, type IncomingMessage, type ServerResponse } from 'node:http';

/** Hands a request on to `target` as it came and its answer back as it comes: a proxy's plain path. */
export function forwardTo(target: URL) {
  return (incoming: IncomingMessage, outgoing: ServerResponse): void => {
    const upstreamRequest = forward(
      {
        host: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstreamRequest.on('error', () => outgoing.destroy());
    incoming.pipe(upstreamRequest);
  };
}
