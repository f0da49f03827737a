import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CodeLookup } from '../db/storage.ts';
import type { LimitHook } from '../plugins/rateLimits.ts';
import { IMAGE_NAME, IMAGES_PATH, type StoredImage } from '../domain/productImage.ts';
import { sendError } from '../http/errors.ts';
import { ImageCache } from './imageCache.ts';

/** A name always means the same bytes (server/domain/productImage.ts): browsers and CDNs keep them a year. */
const CACHE_FOREVER = 'public, max-age=31536000, immutable';
/** An SVG opened on its own is a document: it may draw, never run a script or load anything. */
const IMAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

export interface ImageRoutesOptions {
  lookup: Pick<CodeLookup, 'image'>;
  /** Bytes of picture bodies kept in memory (IMAGE_CACHE_BYTES). */
  cacheBytes: number;
  /** The pictures' own per-client budget (server/plugins/rateLimits.ts); none when IMAGE_RATE_LIMIT_MAX=0. */
  limit?: LimitHook;
}

/** If-None-Match names this picture: in a list, weak (a proxy that compressed it), or '*' (RFC 9110 §13.1.2). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

function send(reply: FastifyReply, image: StoredImage, ifNoneMatch: string | undefined): FastifyReply {
  const etag = `"${image.name}"`;
  reply.header('cache-control', CACHE_FOREVER).header('etag', etag).header('content-security-policy', IMAGE_POLICY);
  if (matches(ifNoneMatch, etag)) return reply.code(304).send();
  return reply.type(image.contentType).send(image.body);
}

/**
 * The product pictures an import stored, by name; under the API's path, so a page on another host
 * finds them beside the trace service. Read with no key: an <img> cannot send one, and a picture
 * tells nothing a lookup would not. Each is read from the database once, then from memory.
 *
 * A query string gets a permanent redirect to the bare name, without a database read: the page never
 * writes one, so it is either a cache buster (each variant would be a miss in a CDN keyed on the whole
 * URL; the redirect is one answer it can keep) or a tracking parameter a share added (`?fbclid=`), with
 * which the picture must still show.
 */
export async function imageRoutes(
  app: FastifyInstance,
  { lookup, cacheBytes, limit }: ImageRoutesOptions,
): Promise<void> {
  const cache = new ImageCache(cacheBytes);
  app.get<{ Params: { name: string } }>('/images/:name', { onRequest: limit ? [limit] : [] }, (request, reply) => {
    const { name } = request.params;
    const notFound = () => sendError(request, reply, 'NOT_FOUND', 404, 'No such image');
    if (!IMAGE_NAME.test(name)) return notFound();
    if (request.url.includes('?'))
      return reply.header('cache-control', CACHE_FOREVER).redirect(`${IMAGES_PATH}/${name}`, 301);
    const ifNoneMatch = request.headers['if-none-match'];
    const cached = cache.get(name);
    if (cached !== undefined) return send(reply, cached, ifNoneMatch);
    const answer = (image: StoredImage | undefined) => {
      if (image === undefined) return notFound();
      cache.add(image);
      return send(reply, image, ifNoneMatch);
    };
    const found = lookup.image(name);
    return found instanceof Promise ? found.then(answer) : answer(found);
  });
}

/** Said by the images route in upstream mode, and logged once at start. */
export const NO_IMAGES_UPSTREAM =
  "Product pictures are not available in upstream mode (TRACE_UPSTREAM_URL): the trace service's ImageUrl names where they are";

/**
 * Upstream mode has no database to read pictures from: the route says so, rather than a bare 404 that
 * reads like a missing picture.
 */
export async function noImageRoutes(app: FastifyInstance): Promise<void> {
  app.get('/images/:name', (request, reply) => sendError(request, reply, 'NOT_FOUND', 404, NO_IMAGES_UPSTREAM));
}
