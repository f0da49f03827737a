import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { buildApp, databaseBackend, type AppOptions } from './app.ts';
import { ConfigError, DEMO_API_KEY, loadConfig, type Config, type UpstreamConfig } from './config.ts';
import { checkMetrics } from './checks/checkMetrics.ts';
import { LookupCounter } from './checks/lookupCounter.ts';
import { daySaltsFor, writeFailure } from './checks/countingSetup.ts';
import {
  describeStorageFailure,
  openCheckStore,
  openReportStore,
  openStorage,
  storageLocation,
} from './db/openStorage.ts';
import { ReportLimits } from './reports/reportLimits.ts';
import { keepReportsBounded } from './reports/reportRetention.ts';
import { WebhookSender } from './reports/reportWebhook.ts';
import type { TraceStorage } from './db/storage.ts';
import type { Lifecycle } from './routes/health.ts';
import { importFile } from './import/importFile.ts';
import { NO_IMAGES_UPSTREAM } from './routes/images.ts';
import { createMetrics, type Metrics } from './plugins/metrics.ts';
import { serveMetrics, type MetricsServer } from './plugins/metricsServer.ts';
import { UnknownBudget } from './plugins/unknownBudget.ts';
import { withBreakerLog } from './upstream/breakerLog.ts';
import { upstreamMetrics } from './upstream/upstreamMetrics.ts';
import { upstreamSource } from './upstream/upstreamSource.ts';
import { upstreamGs1Catalogue, withUpstreamGtins } from './gs1/upstreamGtins.ts';

const DRAIN_DEADLINE_MS = 10_000;
const IDLE_SWEEP_MS = 200;

export const DEMO_DATA = fileURLToPath(new URL('./seed/demo.json', import.meta.url));
/** The demo file as an operator types it, from the repository's root. */
const DEMO_DATA_ARGUMENT = 'server/seed/demo.json';

export interface Started {
  app: FastifyInstance;
  /** The address actually bound, e.g. http://127.0.0.1:41234 when PORT=0. */
  url: string;
  /** Set `draining` to turn readiness to 503 and end each connection after its next answer. */
  lifecycle: Lifecycle;
  /** Where Prometheus scrapes /metrics, when METRICS_PORT is set. */
  metricsUrl?: string;
}

/** A database that cannot be opened for a reason the operator can act on (a read-only disk, a refused login). */
export class StorageOpenError extends Error {}

async function openConfiguredStorage(config: Config): Promise<TraceStorage> {
  try {
    return await openStorage(config);
  } catch (error) {
    const reason = describeStorageFailure(error);
    if (reason === undefined) throw error;
    throw new StorageOpenError(`Cannot open the database ${storageLocation(config)}: ${reason}`, { cause: error });
  }
}

/** What counting adds to the app's options (issue 26): nothing with CHECKS=off but the metrics by audience. */
interface Counting {
  counter?: LookupCounter;
  answered?: ReturnType<typeof checkMetrics>['answered'];
  /** The app's logger, once there is one: write failures are logged there. */
  logger: { current?: FastifyBaseLogger };
}

/**
 * Opens the configured database's lookup counts (in upstream mode too: the service's own database).
 * Closed by the caller with the app.
 */
async function openCounting(
  config: Config,
  metrics: Metrics | undefined,
  options: Pick<AppOptions, 'checksClock'>,
): Promise<Counting> {
  const observers = metrics && checkMetrics(metrics.registry);
  const logger: Counting['logger'] = {};
  if (!config.checks) return { answered: observers?.answered, logger };
  const store = await openCheckStoreFor(config);
  const counter = new LookupCounter(store, {
    cautionNetworks: config.checksCautionNetworks,
    windowDays: config.checksWindowDays,
    salts: await daySaltsFor(config, logger),
    observer: observers?.counter,
    now: options.checksClock,
    // Once per failed write (every 2 s while the database is away or busy): one line, no stack.
    onWriteError: (error, state) => logger.current?.warn(writeFailure(error, state, describeStorageFailure)),
  });
  return { counter, answered: observers?.answered, logger };
}

async function openCheckStoreFor(config: Config) {
  try {
    return await openCheckStore(config);
  } catch (error) {
    const reason = describeStorageFailure(error);
    if (reason === undefined) throw error;
    throw new StorageOpenError(`Cannot open the database ${storageLocation(config)} for lookup counts: ${reason}`, {
      cause: error,
    });
  }
}

/** Networks and codes the reports' daily limits remember at most (server/reports/reportLimits.ts). */
const REPORT_LIMIT_KEYS = 100_000;

/** Shoppers' reports (issue 41), in the service's own database (in upstream mode too), with their webhook. */
interface Reports {
  options: NonNullable<AppOptions['reports']>;
  logger: { current?: FastifyBaseLogger };
  close(): Promise<void>;
}

async function openReports(config: Config, options: Pick<AppOptions, 'checksClock'>): Promise<Reports> {
  let store;
  try {
    store = await openReportStore(config);
  } catch (error) {
    const reason = describeStorageFailure(error);
    if (reason === undefined) throw error;
    throw new StorageOpenError(`Cannot open the database ${storageLocation(config)} for reports: ${reason}`, {
      cause: error,
    });
  }
  const logger: Reports['logger'] = {};
  const now = options.checksClock ?? Date.now;
  const { webhook } = config.reports;
  const sender = webhook && new WebhookSender(store, webhook, () => logger.current, now);
  const stopPurge = keepReportsBounded(store, config.reports, () => logger.current, now);
  // Deliveries left over from before a restart (or another instance's) go out now.
  sender?.nudge();
  return {
    options: {
      store,
      limits: new ReportLimits(
        { perNetwork: config.reports.perNetworkDay, perCode: config.reports.perCodeDay, maxKeys: REPORT_LIMIT_KEYS },
        now,
      ),
      dayBounds: { reports: config.reports.dayMax, photoBytes: config.reports.photoBytesDayMax },
      ...(sender ? { webhook: sender } : {}),
    },
    logger,
    async close() {
      stopPurge();
      await sender?.stop();
      await store.close();
    },
  };
}

/** Said when SEED_DEMO=1 meets upstream mode: there is no database to seed. */
const NO_SEED_UPSTREAM =
  "SEED_DEMO=1 is not available in upstream mode (TRACE_UPSTREAM_URL): the lookups are the trace service's own; no demo data is loaded";

/**
 * Serves until closed, from the upstream when TRACE_UPSTREAM_URL is set, else from the database
 * (opened, and with SEED_DEMO=1 seeded on first start).
 */
export async function start(config: Config, options: AppOptions = {}): Promise<Started> {
  return config.upstream === undefined
    ? startOnDatabase(config, options)
    : startOnUpstream(config, config.upstream, options);
}

async function listen(
  app: FastifyInstance,
  config: Config,
  lifecycle: Lifecycle,
  metricsServer: MetricsServer | undefined,
): Promise<Started> {
  warnAboutSettings(app, config);
  const url = await app.listen({ port: config.port, host: config.host });
  return { app, url, lifecycle, ...(metricsServer ? { metricsUrl: metricsServer.url } : {}) };
}

async function serveMetricsOf(app: FastifyInstance, registry: Registry, config: Config): Promise<MetricsServer> {
  const serving = await serveMetrics(registry, config.metricsPort ?? 0, config.metricsHost);
  // Closed with the app, after the drain, so scrapes still answer while the instance drains.
  app.addHook('onClose', () => serving.close());
  app.log.info(`Prometheus metrics at ${serving.url}/metrics`);
  return serving;
}

/** Upstream mode (issue 24): no database; every lookup goes to the brand's trace service. */
async function startOnUpstream(config: Config, upstream: UpstreamConfig, options: AppOptions): Promise<Started> {
  const lifecycle = options.lifecycle ?? { draining: false };
  // No database records imports here: the import metrics stay at zero.
  const metrics = config.metricsPort === undefined ? undefined : createMetrics(() => []);
  // The source comes before the app, the app's logger after it.
  const logger: { current?: FastifyBaseLogger } = {};
  const observer = withBreakerLog(
    metrics && upstreamMetrics(metrics.registry),
    () => logger.current,
    upstream.breakerCooldownMs,
  );
  const unknownCodes =
    upstream.unknownMax > 0
      ? new UnknownBudget(upstream.unknownMax, config.rateLimitWindowMs, config.rateLimitAddresses)
      : undefined;
  const source = withUpstreamGtins(upstreamSource(upstream, observer, unknownCodes), config.gs1.gtinsByProduct);
  const counting = await openCounting(config, metrics, options);
  let reports: Reports | undefined;
  let app: FastifyInstance;
  try {
    reports = await openReports(config, options);
    app = await buildApp(
      config,
      { source, pictures: undefined, gs1: upstreamGs1Catalogue(config.gs1.gtinsByProduct) },
      {
        ...options,
        lifecycle,
        metrics,
        counter: counting.counter,
        answered: counting.answered,
        reports: reports.options,
      },
    );
  } catch (error) {
    await reports?.close();
    await counting.counter?.close();
    throw error;
  }
  logger.current = app.log;
  counting.logger.current = app.log;
  reports.logger.current = app.log;
  const opened = reports;
  app.addHook('onClose', async () => {
    await opened.close();
    await counting.counter?.close();
  });
  let metricsServer: MetricsServer | undefined;
  try {
    if (metrics !== undefined) metricsServer = await serveMetricsOf(app, metrics.registry, config);
    // Never the key.
    app.log.info(`upstream mode: lookups go to ${new URL(upstream.url).origin}`);
    app.log.info(NO_IMAGES_UPSTREAM);
    if (config.seedDemo) app.log.warn(NO_SEED_UPSTREAM);
    return await listen(app, config, lifecycle, metricsServer);
  } catch (error) {
    await app.close();
    throw error;
  }
}

async function startOnDatabase(config: Config, options: AppOptions): Promise<Started> {
  const storage = await openConfiguredStorage(config);
  let metricsServer: MetricsServer | undefined;
  let counting: Counting | undefined;
  let reports: Reports | undefined;
  try {
    const lookup = await storage.openLookup({ counts: config.checks });
    const lifecycle = options.lifecycle ?? { draining: false };
    const { metricsPort } = config;
    const metrics = metricsPort === undefined ? undefined : createMetrics(() => lookup.importRuns());
    counting = await openCounting(config, metrics, options);
    reports = await openReports(config, options);
    const app = await buildApp(config, databaseBackend(lookup), {
      ...options,
      lifecycle,
      metrics,
      counter: counting.counter,
      answered: counting.answered,
      reports: reports.options,
    });
    counting.logger.current = app.log;
    reports.logger.current = app.log;
    // Written before the database closes: the last batch is not lost to a clean stop.
    app.addHook('onClose', async () => {
      await reports?.close();
      await counting?.counter?.close();
      await storage.close();
    });
    if (metrics !== undefined) metricsServer = await serveMetricsOf(app, metrics.registry, config);
    if (storage.created && config.seedDemo) {
      // Through the import path, so the demo data obeys the same rules as production files.
      const result = await importFile(storage, DEMO_DATA, {
        onProblem: (problem) => app.log.error(problem, 'demo data row rejected'),
      });
      app.log.warn({ db: storage.location, ...result }, 'SEED_DEMO=1: the new database holds the public demo codes');
    } else if (storage.created) {
      // Made-up codes must never be answered as the brand's own: demo data only when asked for.
      app.log.warn(
        { db: storage.location },
        `the new database is empty: load your codes with npm run import -- <file> (the demo data: npm run import -- ${DEMO_DATA_ARGUMENT})`,
      );
    }
    return await listen(app, config, lifecycle, metricsServer);
  } catch (error) {
    void metricsServer?.close();
    await reports?.close();
    await counting?.counter?.close();
    await storage.close();
    throw error;
  }
}

function warnAboutSettings(app: FastifyInstance, config: Config): void {
  if (config.trustProxy !== false && config.publicOrigin === undefined) {
    app.log.warn(
      'TRUST_PROXY is set without PUBLIC_ORIGIN: requests the proxy reports as http are not redirected to https',
    );
  }
  for (const replaced of config.reports.replaced) app.log.warn(replaced);
  if (config.usingDemoKey) {
    const level = process.env.NODE_ENV === 'production' ? 'error' : 'warn';
    app.log[level](`TRACE_API_KEYS is unset: accepting only the public demo key '${DEMO_API_KEY}'. Set your own keys.`);
  }
}

/**
 * Readiness turns 503 at once, and for `drainDelayMs` requests are still accepted and answered, each
 * with `Connection: close`, so a load balancer can notice before anything is refused. Then the
 * listener closes, idle connections are closed (a FIN: nothing of theirs is unread), requests in flight
 * finish, and the database closes. A second signal skips what is left of the delay.
 */
function shutDownOnSignals({ app, lifecycle }: Started, drainDelayMs: number): void {
  let hurry = () => {};
  const shutDown = async (signal: string) => {
    lifecycle.draining = true;
    app.log.info(`${signal}: draining, readiness is 503; closing in ${drainDelayMs} ms`);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, drainDelayMs);
      hurry = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    app.log.info('closing: finishing in-flight requests');
    // Node closes the connections idle at close() once; one whose answer was already on its way at the
    // signal (so without Connection: close) turns idle later and would wait out its keep-alive timeout.
    setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS).unref();
    // A client that never reads its response must not hold the shutdown forever.
    setTimeout(() => app.server.closeAllConnections(), DRAIN_DEADLINE_MS).unref();
    // close() stops accepting, waits for requests in flight, then runs onClose (closing the database).
    await app.close();
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (lifecycle.draining) return hurry();
      shutDown(signal).then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

async function main(): Promise<void> {
  let started: Started;
  let config: Config;
  try {
    config = loadConfig();
    started = await start(config);
  } catch (error) {
    // A stack trace would only hide the one line that says what to fix.
    if (!(error instanceof ConfigError || error instanceof StorageOpenError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  // Printed whatever LOG_LEVEL is: supervisors and the e2e suite read the bound port (PORT=0) from it.
  console.log(`Trace service ready at ${started.url}`);
  shutDownOnSignals(started, config.drainDelayMs);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
