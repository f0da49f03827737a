import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { TRACE_URL_PATH } from '../../src/contract/traceContract.ts';
import type { ImportOutcome, ImportRunTotals } from '../db/storage.ts';

/** A lookup takes well under a millisecond; a rendered page a few. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

const LOOKUP_OUTCOMES = ['found', 'not_found', 'invalid', 'unauthorized', 'rate_limited', 'error'] as const;
const IMPORT_OUTCOMES: readonly ImportOutcome[] = ['written', 'rejected', 'failed'];
type LookupOutcome = (typeof LOOKUP_OUTCOMES)[number];

/** Requests Fastify routed nowhere (404s, most hostile probes) share one label, whatever their URL. */
const UNMATCHED = 'unmatched';

/** What a lookup's status says about it (the contract: 200 a known code, 204 an unknown one). */
function lookupOutcome(status: number): LookupOutcome {
  if (status === 200) return 'found';
  if (status === 204) return 'not_found';
  if (status === 401) return 'unauthorized';
  if (status === 429) return 'rate_limited';
  return status >= 500 ? 'error' : 'invalid';
}

export interface Metrics {
  registry: Registry;
  /** Counts a finished request; called from onResponse. */
  record(request: FastifyRequest, reply: FastifyReply): void;
}

/**
 * The service's Prometheus metrics, in a registry of its own (several apps can run in one process, as in
 * the tests). Labels are the route pattern, never the raw URL, so a client cannot make new series.
 * `importRuns` reads the imports the database recorded: `npm run import` is another process, so the
 * import metrics are read at each scrape (every instance on one database reports the same runs).
 */
export function createMetrics(importRuns: () => ImportRunTotals[] | Promise<ImportRunTotals[]>): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  /**
   * The runs as the database last answered: a scrape while the database is away (exactly when the
   * other metrics matter) still answers, with the import figures it last read.
   */
  let lastRuns = new Map<ImportOutcome, ImportRunTotals>();
  const read = async () => {
    try {
      lastRuns = new Map((await importRuns()).map((run) => [run.outcome, run]));
    } catch {
      // Readiness reports the database; the metrics keep their last import figures.
    }
    return lastRuns;
  };
  // A scrape collects the two import metrics together (prom-client awaits them side by side): one query serves both.
  let reading: Promise<Map<ImportOutcome, ImportRunTotals>> | undefined;
  const readRuns = () => (reading ??= read().finally(() => (reading = undefined)));
  new Counter({
    name: 'trace_import_runs_total',
    help: 'Imports recorded in the database, by outcome: written, rejected (bad rows, nothing written) or failed (an error)',
    labelNames: ['outcome'] as const,
    registers: [registry],
    async collect() {
      const totals = await readRuns();
      this.reset();
      for (const outcome of IMPORT_OUTCOMES) this.labels(outcome).inc(totals.get(outcome)?.count ?? 0);
    },
  });
  new Gauge({
    name: 'trace_import_last_run_timestamp_seconds',
    help: 'When the last import of each outcome finished (Unix time); absent before the first',
    labelNames: ['outcome'] as const,
    registers: [registry],
    async collect() {
      const totals = await readRuns();
      this.reset();
      for (const { outcome, lastFinished } of totals.values()) this.labels(outcome).set(lastFinished);
    },
  });
  const requests = new Histogram({
    name: 'trace_http_request_duration_seconds',
    help: 'Time from request to finished response, by method, route pattern and status; _count is the request count',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const lookups = new Counter({
    name: 'trace_lookups_total',
    help: 'Trace lookups (POST ' + TRACE_URL_PATH + ') by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  // Present from the start, at 0, so a rate() over any outcome has a series to work on.
  for (const outcome of LOOKUP_OUTCOMES) lookups.labels(outcome);
  // prom-client builds a key from the label values on every observe; the series are few, so each is
  // looked up once and kept.
  const series = new Map<string, Histogram.Internal<'method' | 'route' | 'status'>>();
  const outcomes = new Map(LOOKUP_OUTCOMES.map((outcome) => [outcome, lookups.labels(outcome)]));

  return {
    registry,
    record(request, reply) {
      const route = request.routeOptions.url ?? UNMATCHED;
      const status = reply.statusCode;
      const key = `${request.method} ${status} ${route}`;
      let observed = series.get(key);
      if (observed === undefined) {
        observed = requests.labels(request.method, route, String(status));
        series.set(key, observed);
      }
      observed.observe(reply.elapsedTime / 1000);
      if (route === TRACE_URL_PATH && request.method === 'POST') outcomes.get(lookupOutcome(status))!.inc();
    },
  };
}

export function registerMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.record(request, reply);
    done();
  });
}
