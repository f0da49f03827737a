import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CodeLookup } from './db/storage.ts';
import { IMAGE_NAME, type StoredImage } from './domain/productImage.ts';
import { sendError } from './http/errors.ts';

/** A name always means the same bytes (server/domain/productImage.ts): browsers and CDNs keep them a year. */
const CACHE_FOREVER = 'public, max-age=31536000, immutable';
/** An SVG opened on its own is a document: it may draw, never run a script or load anything. */
const IMAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

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
 * tells nothing a lookup would not.
 */
export async function imageRoutes(app: FastifyInstance, { lookup }: { lookup: CodeLookup }): Promise<void> {
  app.get<{ Params: { name: string } }>('/images/:name', (request, reply) => {
    const { name } = request.params;
    const notFound = () => sendError(request, reply, 'NOT_FOUND', 404, 'No such image');
    if (!IMAGE_NAME.test(name)) return notFound();
    const found = lookup.image(name);
    const answer = (image: StoredImage | undefined) => (image === undefined ? notFound() : send(reply, image, request.headers['if-none-match']));
    return found instanceof Promise ? found.then(answer) : answer(found);
  });
}
