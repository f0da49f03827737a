import type { FastifyRequest } from 'fastify';
import { audienceOf } from './audience.ts';
import type { Visitor } from './lookupCounter.ts';

/** What counting takes of a request: who it is for, and what the day's device hash is made of. */
export function visitorOf(request: FastifyRequest, staffKeys: ReadonlySet<string>): Visitor {
  return {
    audience: audienceOf(request.headers, staffKeys),
    address: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
  };
}
