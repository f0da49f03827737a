import { sep } from 'node:path';
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const YEAR_IMMUTABLE = 'public, max-age=31536000, immutable';
// Revalidated on every use (cheap with the ETag), so a new release reaches shoppers at once.
const ALWAYS_REVALIDATE = 'no-cache';

/**
 * Serves the built page. Vite puts content-hashed files under assets/, which never change under the
 * same name; everything else (index.html, favicon, logo) must be revalidated.
 */
export async function registerStaticSite(app: FastifyInstance, staticDir: string): Promise<void> {
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
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(assetsDir) ? YEAR_IMMUTABLE : ALWAYS_REVALIDATE);
    },
  });
  app.get('/dt', (_request, reply) => reply.sendFile('index.html'));
}
