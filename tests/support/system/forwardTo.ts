import { request as forward, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * Hands a request on to `target` as it came and its answer back as it comes: a proxy's plain path.
 * `body`: the request's body when it was already read.
 */
export function forwardTo(target: URL) {
  return (incoming: IncomingMessage, outgoing: ServerResponse, body?: Buffer): void => {
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
    if (body === undefined) incoming.pipe(upstreamRequest);
    else upstreamRequest.end(body);
  };
}
