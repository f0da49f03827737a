import type { FastifyBaseLogger } from 'fastify';
import type { UpstreamObserver } from './upstreamSource.ts';

const silent: UpstreamObserver = { outcome: () => {}, breaker: () => {}, cache: () => {} };

/**
 * `observer` (the metrics, if any) plus one log line each time the breaker opens or closes: what an
 * operator reads first when shoppers see "System error!". `log` is read when the breaker moves, as the
 * source exists before the app whose logger it uses.
 */
export function withBreakerLog(
  observer: UpstreamObserver | undefined,
  log: () => FastifyBaseLogger | undefined,
  cooldownMs: number,
): UpstreamObserver {
  const inner = observer ?? silent;
  return {
    outcome: (outcome, seconds) => inner.outcome(outcome, seconds),
    cache: (hit) => inner.cache(hit),
    breaker(state) {
      inner.breaker(state);
      if (state === 'open')
        log()?.warn(
          `upstream trace service failing: lookups fail at once for ${cooldownMs} ms, then one probe goes through`,
        );
      if (state === 'closed') log()?.info('upstream trace service answers again: lookups go through');
    },
  };
}
