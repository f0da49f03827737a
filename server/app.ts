import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { TRACE_API_BASE_PATH } from '../src/contract/traceContract.ts';
import { AccessLog } from './plugins/accessLog.ts';
import { bufferedStdout } from './plugins/accessLogStream.ts';
import { checkedLookup, type AnswerObserver } from './checks/checkedLookup.ts';
import type { LookupCounter } from './checks/lookupCounter.ts';
import { apiVisitorOf, pageVisitorOf } from './checks/visitor.ts';
import type { Config } from './config.ts';
import type { CodeLookup } from './db/storage.ts';
import { registerHealth, type Lifecycle } from './routes/health.ts';
import { clientErrorHandler, connectHandler, expectationHandler, frameworkErrorHandler } from './http/earlyErrors.ts';
import { handleError, sendError } from './http/errors.ts';
import { BODY_LIMIT, checkRequest } from './http/requestRules.ts';
import { requestPath } from './http/requestTarget.ts';
import { registerMetrics, type Metrics } from './plugins/metrics.ts';
import { guardRenders } from './routes/pageGuard.ts';
import { loadPageRenderer } from './routes/pageRender.ts';
import { registerRateLimits } from './plugins/rateLimits.ts';
import { loadSecurityHeaders, registerSecurity } from './plugins/security.ts';
import { pageScriptSources } from './http/inlineScripts.ts';
import { registerStaticSite } from './routes/staticSite.ts';
import { imageRoutes, noImageRoutes } from './routes/images.ts';
import { traceRoutes } from './routes/trace.ts';
import { reportRoutes, type ReportRoutesOptions } from './routes/reports.ts';
import { databaseSource } from './db/databaseSource.ts';
import { isResolverPath, registerResolver } from './routes/gs1Resolver.ts';
import { registerGs1Data } from './routes/gs1Data.ts';
import type { TraceSource } from './domain/traceSource.ts';
import type { Gs1Catalogue } from './domain/gs1Records.ts';

export interface AppOptions {
  /** Where pino writes; standard output when omitted. Tests pass a stream to read the log. */
  logStream?: { write(line: string): void };
  /** Shared with whoever runs the shutdown (server/main.ts). */
  lifecycle?: Lifecycle;
  /** Where requests are counted, when METRICS_PORT serves them. */
  metrics?: Metrics;
  /** Counts shoppers' lookups and answers with the counts (issue 26); none with CHECKS=off. */
  counter?: LookupCounter;
  /** Hears each lookup's outcome and audience, for the metrics. */
  answered?: AnswerObserver;
  /** The lookup counter's clock (Unix ms): tests move days and windows with it. */
  checksClock?: () => number;
  /** Shoppers' reports (issue 41): their store, limits and webhook; no report routes without them. */
  reports?: Pick<ReportRoutesOptions, 'store' | 'limits' | 'dayBounds' | 'webhook'>;
}

/** Where lookups are answered, and the stored pictures when the answers come from the reference database. */
export interface TraceBackend {
  source: TraceSource;
  /** None in upstream mode: the brand's service names its pictures' URLs itself. */
  pictures: Pick<CodeLookup, 'image'> | undefined;
  /** Products and lots by GTIN (GS1 Digital Link, issue 39); upstream mode's comes from GS1_GTINS. */
  gs1?: Gs1Catalogue;
}

/** The reference service's own database: lookups and pictures. */
export const databaseBackend = (lookup: CodeLookup): TraceBackend => ({
  source: databaseSource(lookup),
  pictures: lookup,
  gs1: lookup,
});

/** A connection that moves no byte either way for this long is cut (a client that stopped reading). */
const CONNECTION_IDLE_MS = 30_000;

/** The whole service on an already opened trace source; the caller owns it and listening. */
export async function buildApp(
  config: Config,
  { source, pictures, gs1 }: TraceBackend,
  options: AppOptions = {},
): Promise<FastifyInstance> {
  const apiPrefix = `${TRACE_API_BASE_PATH}/`;
  const headers = await loadSecurityHeaders(apiPrefix, config.imageOrigins, pageScriptSources(config.staticDir));
  const hops = config.trustProxy;
  const logOutput = options.logStream ? { stream: options.logStream, close: () => {} } : bufferedStdout();
  const app = Fastify({
    logger: { level: config.logLevel, stream: logOutput.stream },
    logController: new AccessLog(config.logLevel),
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
    // Fastify and Node default to no limit on how long a request may take to arrive, so a client that
    // sends half a body held its connection (and a file descriptor) for ever. Node checks these
    // deadlines on a timer, every 30 s by default: checked often enough here to end such clients on time.
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    connectionTimeout: CONNECTION_IDLE_MS,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.ceil(config.requestTimeoutMs / 4)),
      // Checked in checkRequest instead, so that answer too gets the contract's body.
      requireHostHeader: false,
    },
    bodyLimit: BODY_LIMIT,
    clientErrorHandler: clientErrorHandler(headers),
    frameworkErrors: frameworkErrorHandler(headers),
  });
  app.server.on('checkExpectation', expectationHandler(headers));
  app.server.on('connect', connectHandler(headers));
  app.addHook('onClose', (_instance, done) => {
    logOutput.close();
    done();
  });
  app.setErrorHandler(handleError);
  registerSecurity(app, headers, { trustProxy: config.trustProxy !== false, publicOrigin: config.publicOrigin });
  registerHealth(app, source, options.lifecycle ?? { draining: false });
  if (options.metrics) registerMetrics(app, options.metrics);
  app.addHook('onRequest', checkRequest(apiPrefix, isResolverPath));
  const limits = await registerRateLimits(app, config);
  const lookup = checkedLookup(source, options.counter, options.answered);
  const staffKeys = new Set(config.staffApiKeys);
  // A page render counts only when a shopper looks; an API lookup only when it may be the page's own.
  const visitor = (request: FastifyRequest) => apiVisitorOf(request, staffKeys, config.corsOrigins);
  const pageVisitor = (request: FastifyRequest) => pageVisitorOf(request, staffKeys);
  const indexHtml = join(config.staticDir, 'index.html');
  const hasPage = existsSync(indexHtml);
  // The page's own server build renders its routes; a static build alone still serves index.html.
  const rendering =
    hasPage && existsSync(config.ssrEntry)
      ? await loadPageRenderer(config.ssrEntry, indexHtml, lookup, pageVisitor)
      : undefined;
  const render =
    rendering &&
    guardRenders(rendering.render, {
      busyTexts: rendering.busyTexts,
      takeLookup: limits.takeLookup,
      maxInFlight: config.renderConcurrencyMax,
      holdRefusal: limits.holdRefusal,
    });
  if (hasPage) await registerStaticSite(app, config.staticDir, render);
  // Without a build (e.g. beside `npm run dev`, where Vite serves the page) the API still runs.
  else app.log.warn(`No built page in ${config.staticDir} (run 'npm run build'): serving the API only`);
  if (hasPage && !render) app.log.warn(`No server-render build at ${config.ssrEntry}: pages are sent unrendered`);
  await app.register(traceRoutes, {
    prefix: TRACE_API_BASE_PATH,
    config,
    lookup,
    visitor,
    limit: limits.lookup,
    trustedLimit: limits.trustedKey,
  });
  if (pictures) {
    await app.register(imageRoutes, {
      prefix: TRACE_API_BASE_PATH,
      lookup: pictures,
      cacheBytes: config.imageCacheBytes,
      limit: limits.image,
    });
  } else await app.register(noImageRoutes, { prefix: TRACE_API_BASE_PATH });
  // GS1 Digital Link (issue 39): the resolver at /01/… and compressed links, and the JSON behind its links.
  const resolver = registerResolver(app, {
    catalogue: gs1,
    pipUrl: config.gs1.pipUrl,
    publicOrigin: config.publicOrigin,
    render,
    takeLookup: limits.takeLookup,
    brand: rendering?.brand,
  });
  registerGs1Data(app, gs1, config.gs1.pipUrl, limits.lookup);

  // Shoppers' reports (issue 41): under the API's path, taking from the lookups' per-client budget.
  if (options.reports) {
    await app.register(reportRoutes, {
      prefix: TRACE_API_BASE_PATH,
      ...options.reports,
      pageKeys: config.apiKeys,
      trustedKeys: config.trustedClientKeys,
      staffKeys: config.staffApiKeys,
      corsOrigins: config.corsOrigins,
      caution: { windowDays: config.checksWindowDays, cautionNetworks: config.checksCautionNetworks },
      limit: limits.lookup,
      now: options.checksClock,
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = requestPath(request);
    if (path === TRACE_API_BASE_PATH || path.startsWith(apiPrefix)) {
      return sendError(request, reply, 'NOT_FOUND', 404, 'No such endpoint');
    }
    const compressedLink = resolver.resolveCompressed(request, reply);
    if (compressedLink) return compressedLink;
    if (!hasPage) return sendError(request, reply, 'NOT_FOUND', 404, 'Not found');
    // The page renders its own 'Page not found!' for unknown routes; the status tells crawlers the truth.
    if (render) return render(request, reply);
    return reply.code(404).sendFile('index.html');
  });
  return app;
}
