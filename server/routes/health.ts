import type { FastifyInstance } from 'fastify';
import type { TraceSource } from '../domain/traceSource.ts';
import { JSON_TYPE, sendError } from '../http/errors.ts';

/** Set once shutdown begins; read by readiness and by every response. */
export interface Lifecycle {
  draining: boolean;
}

const HEALTH_PATH = '/healthz';
const READY_PATH = '/readyz';

/**
 * `/healthz`: the process answers (a restart will not help otherwise). `/readyz`: it should get
 * traffic: its trace source answers (the database a read; an upstream always: its failures are
 * lookups' answers, and the instance still serves its pages) and no shutdown has begun. A load balancer that sees 503 stops sending new requests while the ones it
 * sent are still answered.
 */
export function registerHealth(app: FastifyInstance, source: TraceSource, lifecycle: Lifecycle): void {
  // While draining, every answer ends its connection, so keep-alive clients (a proxy's pool above all)
  // move to another instance one finished request at a time instead of finding their socket closed.
  // Decided when the answer is sent, so requests already in flight at the signal are covered too.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });

  app.get(HEALTH_PATH, (_request, reply) =>
    reply.header('cache-control', 'no-store').type(JSON_TYPE).send('{"status":"ok"}'),
  );

  app.get(READY_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (lifecycle.draining) return sendError(request, reply, 'INTERNAL_SERVER_ERROR', 503, 'Shutting down');
    try {
      await source.ping();
    } catch (error) {
      request.log.warn({ err: error }, `readiness: ${source.unreachable.toLowerCase()}`);
      return sendError(request, reply, 'INTERNAL_SERVER_ERROR', 503, source.unreachable);
    }
    return reply.type(JSON_TYPE).send('{"status":"ready"}');
  });
}
