import type { FastifyRequest } from 'fastify';
import { apiLookIsShoppers, audienceOf, hasStaffKey, pageLookIsShoppers, RECHECK_PARAMETER } from './audience.ts';
import type { Visitor } from './lookupCounter.ts';

/** What counting takes of a request: who it is for, and what the day's device hash and network are made of. */
function visitor(request: FastifyRequest, staffKeys: ReadonlySet<string>, looked: boolean): Visitor {
  return {
    audience: audienceOf(request.headers, staffKeys, looked),
    staffKey: hasStaffKey(request.headers, staffKeys),
    address: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
  };
}

/** An API lookup's visitor. */
export function apiVisitorOf(
  request: FastifyRequest,
  staffKeys: ReadonlySet<string>,
  corsOrigins: readonly string[],
): Visitor {
  return visitor(request, staffKeys, apiLookIsShoppers(request.headers, corsOrigins));
}

/** A page render's visitor: a re-check when the page's own link says so (server/checks/audience.ts). */
export function pageVisitorOf(request: FastifyRequest, staffKeys: ReadonlySet<string>): Visitor {
  const found = visitor(request, staffKeys, pageLookIsShoppers(request.method, request.headers));
  const query = request.query as Record<string, unknown> | undefined;
  if (found.audience === 'shopper' && query?.[RECHECK_PARAMETER] !== undefined) found.audience = 'recheck';
  return found;
}
