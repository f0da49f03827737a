import type { FastifyRequest } from 'fastify';
import { RECHECK_LINK_PARAMETER } from '../../src/contract/traceContract.ts';
import { apiLookIsShoppers, audienceOf, hasStaffKey, pageLookIsShoppers } from './audience.ts';
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

/**
 * A page render's visitor: a re-check when the page's own link says so and the page itself opened it
 * (Sec-Fetch-Site: same-origin, a new tab from the page included). The mark alone is not enough: a counterfeit
 * pack's QR code could carry it, and the shopper who scans it opens the page from outside (`none`).
 */
export function pageVisitorOf(request: FastifyRequest, staffKeys: ReadonlySet<string>): Visitor {
  const found = visitor(request, staffKeys, pageLookIsShoppers(request.method, request.headers));
  const query = request.query as Record<string, unknown> | undefined;
  const fromThePage = request.headers['sec-fetch-site'] === 'same-origin';
  if (found.audience === 'shopper' && fromThePage && query?.[RECHECK_LINK_PARAMETER] !== undefined) {
    found.audience = 'recheck';
  }
  return found;
}
