import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { loggedAddress, loggedUrl } from './logRedaction.ts';

const VERBOSE = ['trace', 'debug'];

/**
 * One access-log line per request, at `info`, written once the response is finished: Fastify's own
 * two lines (incoming, completed) serialised the whole request and response each time, which cost
 * about a fifth of peak throughput. Headers are never logged, so neither is a client's X-Key.
 * Fastify's other request-scoped lines (a missing route, a stream error) stay as they are.
 */
export class AccessLog extends LogController {
  private readonly info: boolean;
  private readonly debug: boolean;

  constructor(level: string) {
    super();
    this.debug = VERBOSE.includes(level);
    this.info = this.debug || level === 'info';
  }

  /** At `debug` a request is also logged as it arrives, so one that never finishes can be seen. */
  override incomingRequest(request: FastifyRequest): void {
    if (this.debug) request.log.debug({ method: request.method, url: loggedUrl(request.url) }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (!this.info && !error) return;
    const line = {
      method: request.method,
      url: loggedUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
      ip: loggedAddress(request.ip),
    };
    // The response failed on its way out (e.g. the client went away mid-stream).
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
}
