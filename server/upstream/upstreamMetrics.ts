import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { BreakerState } from './breaker.ts';
import { UPSTREAM_OUTCOMES } from './upstreamCall.ts';
import type { UpstreamObserver } from './upstreamSource.ts';

/** A local upstream answers in a millisecond or two; the timeout is seconds. */
const UPSTREAM_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const BREAKER_VALUES: Record<BreakerState, number> = { closed: 0, half_open: 1, open: 2 };

/** The upstream's Prometheus metrics, in the service's registry (server/plugins/metrics.ts). */
export function upstreamMetrics(registry: Registry): UpstreamObserver {
  const latency = new Histogram({
    name: 'trace_upstream_duration_seconds',
    help: 'Time of each call to the upstream trace service, body included, by outcome',
    labelNames: ['outcome'] as const,
    buckets: UPSTREAM_BUCKETS,
    registers: [registry],
  });
  const outcomes = new Counter({
    name: 'trace_upstream_lookups_total',
    help: 'Lookups sent to the upstream trace service, by outcome (breaker_open: refused at once, nothing sent)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  for (const outcome of UPSTREAM_OUTCOMES) outcomes.labels(outcome);
  const breaker = new Gauge({
    name: 'trace_upstream_breaker_state',
    help: 'The upstream circuit breaker: 0 closed, 1 half-open (one probe), 2 open (failing fast)',
    registers: [registry],
  });
  const cache = new Counter({
    name: 'trace_upstream_cache_total',
    help: 'Answer cache reads (TRACE_UPSTREAM_CACHE_TTL_S), by result: hit or miss',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const hits = cache.labels('hit');
  const misses = cache.labels('miss');
  return {
    outcome(outcome, seconds) {
      outcomes.labels(outcome).inc();
      if (seconds !== undefined) latency.labels(outcome).observe(seconds);
    },
    breaker: (state) => breaker.set(BREAKER_VALUES[state]),
    cache: (hit) => (hit ? hits : misses).inc(),
  };
}
