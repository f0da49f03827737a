import { sep } from 'node:path';
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageRenderer } from './pageRender.ts';

const YEAR_IMMUTABLE = 'public, max-age=31536000, immutable';
// Revalidated on every use (cheap with the ETag), so a new release reaches shoppers at once.
const ALWAYS_REVALIDATE = 'no-cache';

/**
 * Serves the built page. Vite puts content-hashed files under assets/, which never change under the
 * same name; everything else (index.html, the after-paint loader, logo.svg) must be revalidated. With a renderer, the
 * page's routes are rendered on the server; without one (no server build), index.html is sent as is.
 */
export async function registerStaticSite(
  app: FastifyInstance,
  staticDir: string,
  render?: PageRenderer,
): Promise<void> {
  const assetsDir = `${staticDir}${sep}assets${sep}`;
  // On-the-fly compression only for what was not compressed ahead of time (npm run server:precompress).
  // Brotli's default quality 11 costs about a second per large bundle; 5 is near gzip -9 in size at a fraction.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(fastifyStatic, {
    root: staticDir,
    preCompressed: true,
    cacheControl: false,
    // The page template the build writes for this service (PAGE_TEMPLATE_FILE) is a dot file: not the site's.
    dotfiles: 'ignore',
    // '/' is a page route like '/dt': rendered, not the bare index.html.
    index: render ? false : undefined,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(assetsDir) ? YEAR_IMMUTABLE : ALWAYS_REVALIDATE);
    },
  });
  // A lookup page is one code's answer for one visitor: never indexed (robots.txt also disallows /dt).
  // Every /dt address is one; the home page only with a code in its address (/?qr=).
  const noindex = (when: (request: FastifyRequest) => boolean) => ({
    onRequest: (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      if (when(request)) reply.header('x-robots-tag', 'noindex');
      done();
    },
  });
  const always = noindex(() => true);
  const withCode = noindex((request) => (request.query as Record<string, unknown>).qr !== undefined);
  if (render) {
    app.get('/', withCode, render);
    app.get('/dt', always, render);
  } else {
    app.get('/dt', always, (_request, reply) => reply.sendFile('index.html'));
  }
}
