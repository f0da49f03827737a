import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The page loads only its own bundle and calls only its own origin. MUI's emotion injects <style>
 * elements at run time, so style-src needs 'unsafe-inline'; scripts stay 'self' only. Photo scanning
 * decodes from data:/blob: images and the camera preview is a MediaStream, hence img/media/worker.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:', 'mediastream:'],
  'worker-src': ["'self'", 'blob:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const HSTS = 'max-age=31536000; includeSubDomains';

export async function registerSecurity(app: FastifyInstance, trustProxy: boolean): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // HSTS only means something over https, and on http://localhost it would pin the developer's browser.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Matches frame-ancestors 'none' for browsers that only know the older header.
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('permissions-policy', 'camera=(self), microphone=(), geolocation=(), payment=()');
    // Only a trusted proxy can tell us the shopper came over http; without one we cannot know.
    if (trustProxy && request.protocol === 'http' && request.headers['x-forwarded-proto'] !== undefined) {
      const status = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308;
      reply.redirect(`https://${request.host}${request.url}`, status);
      return;
    }
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
