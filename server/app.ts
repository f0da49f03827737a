import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { TRACE_API_BASE_PATH } from '../src/api/traceContract.ts';
import type { Config } from './config.ts';
import type { CodeLookup } from './db/traceStore.ts';
import { handleError, requestPath, sendError } from './errors.ts';
import { registerSecurity } from './security.ts';
import { registerStaticSite } from './staticSite.ts';
import { traceRoutes } from './traceRoutes.ts';

export interface AppOptions {
  /** Where pino writes; standard output when omitted. Tests pass a stream to read the log. */
  logStream?: { write(line: string): void };
}

/** The whole service on an already opened lookup connection; the caller owns it and listening. */
export async function buildApp(config: Config, lookup: CodeLookup, options: AppOptions = {}): Promise<FastifyInstance> {
  const hops = config.trustProxy;
  const app = Fastify({
    logger: { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    // Fastify always passes an options object, which sends pino down its slow child path (a fresh
    // formatters object per request); without route-level log options there is nothing to pass.
    childLoggerFactory: (logger, bindings, childOptions) =>
      childOptions.level || childOptions.serializers ? logger.child(bindings, childOptions) : logger.child(bindings),
    // A hop count is passed as a function because Fastify's types (not its runtime) lack the number form.
    trustProxy: typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops,
    // The contract says a number is not a string: no type coercion of the body.
    ajv: { customOptions: { coerceTypes: false } },
    // While draining on SIGTERM, requests already on open connections are still answered normally,
    // so every response keeps the contract's shapes (Fastify would send its own 503 body).
    return503OnClosing: false,
  });
  app.setErrorHandler(handleError);
  await registerSecurity(app, config.trustProxy !== false, `${TRACE_API_BASE_PATH}/`);
  const hasPage = existsSync(join(config.staticDir, 'index.html'));
  if (hasPage) await registerStaticSite(app, config.staticDir);
  // Without a build (e.g. beside `npm run dev`, where Vite serves the page) the API still runs.
  else app.log.warn(`No built page in ${config.staticDir} (run 'npm run build'): serving the API only`);
  await app.register(traceRoutes, { prefix: TRACE_API_BASE_PATH, config, lookup });

  app.setNotFoundHandler((request, reply) => {
    const path = requestPath(request);
    if (path === TRACE_API_BASE_PATH || path.startsWith(`${TRACE_API_BASE_PATH}/`)) {
      return sendError(request, reply, 'NOT_FOUND', 404, 'No such endpoint');
    }
    if (!hasPage) return sendError(request, reply, 'NOT_FOUND', 404, 'Not found');
    // The page renders its own 'Page not found!' for unknown routes; the status tells crawlers the truth.
    return reply.code(404).sendFile('index.html');
  });
  return app;
}
