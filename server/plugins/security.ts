import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { relativeTarget } from '../http/requestTarget.ts';
import type { HeaderSet, SecurityHeaders } from '../http/securityHeaders.ts';

/**
 * The page loads only its own bundle and calls only its own origin. Its stylesheet is inlined into
 * the head, some elements carry style attributes, and MUI's emotion injects <style> elements when a
 * dialog opens, so style-src needs 'unsafe-inline'; scripts are 'self' and the page's own
 * inline loader, by its hash. The camera preview is a MediaStream and the decoder a worker, hence
 * media/worker. Images: the page's own (stored product pictures, beside the API), data: (the build
 * inlines the brand logo), and the image hosts the operator lists in IMAGE_ORIGINS. Never any https
 * host: import data would then point every shopper's browser at a third party, and any injected
 * markup could send data out.
 */
function cspDirectives(imageOrigins: readonly string[], scriptSources: readonly string[]) {
  return {
    'default-src': ["'self'"],
    // 'wasm-unsafe-eval' lets the decode worker compile its WebAssembly; never 'unsafe-eval', which would
    // allow eval(). The page's own inline scripts (its after-paint loader) by hash, never 'unsafe-inline'.
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...scriptSources],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...imageOrigins],
    'media-src': ["'self'", 'blob:', 'mediastream:'],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'"],
    'font-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * @fastify/helmet builds a new helmet middleware on every request (22 µs each, measured: about a tenth
 * of a lookup's time). Our headers never vary by request, so the plugin answers one request at start
 * and its headers are replayed from then on.
 */
async function helmetHeaders(
  imageOrigins: readonly string[],
  scriptSources: readonly string[],
): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(imageOrigins, scriptSources) },
    // HSTS only means something over https, and on http://localhost it would pin the developer's browser.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Matches frame-ancestors 'none' for browsers that only know the older header.
    xFrameOptions: { action: 'deny' },
  });
  probe.get('/', (_request, reply) => reply.send(''));
  const { headers } = await probe.inject('/');
  await probe.close();
  const own = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) => (own.has(name) ? [] : [[name, String(value)]])),
  );
}

const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), payment=()';

/**
 * What a JSON answer needs: it loads nothing and is never framed, so the strictest policy, and no
 * document-only headers. Every header costs the hot path (Node checks each name and value per response).
 */
const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'permissions-policy': PERMISSIONS_POLICY,
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
};

/** `scriptSources`: the CSP sources of the page's inline scripts (server/http/inlineScripts.ts). */
export async function loadSecurityHeaders(
  apiPrefix: string,
  imageOrigins: readonly string[],
  scriptSources: readonly string[],
): Promise<SecurityHeaders> {
  const pageHeaders: HeaderSet = {
    ...(await helmetHeaders(imageOrigins, scriptSources)),
    'permissions-policy': PERMISSIONS_POLICY,
  };
  return { forPath: (path) => (relativeTarget(path).startsWith(apiPrefix) ? API_HEADERS : pageHeaders) };
}

export interface SecurityOptions {
  trustProxy: boolean;
  /** The https origin redirects point to; without it nothing is redirected. */
  publicOrigin: string | undefined;
}

export function registerSecurity(app: FastifyInstance, headers: SecurityHeaders, options: SecurityOptions): void {
  const redirectTo = options.trustProxy ? options.publicOrigin : undefined;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers.forPath(request.url));
    // Only a trusted proxy can tell us the shopper came over http; without one we cannot know.
    // The target comes from configuration: Host and X-Forwarded-Host are the client's to choose.
    if (redirectTo !== undefined && request.protocol === 'http' && request.headers['x-forwarded-proto'] !== undefined) {
      const status = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308;
      reply.redirect(`${redirectTo}${relativeTarget(request.url)}`, status);
      return;
    }
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
