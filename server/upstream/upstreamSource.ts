import { TRACE_PATH } from '../../src/contract/traceContract.ts';
import type { UpstreamConfig } from '../config.ts';
import { systemErrorAnswer, type TraceAnswer, type TraceSource } from '../domain/traceSource.ts';
import { AnswerCache } from './answerCache.ts';
import { CircuitBreaker, type BreakerState } from './breaker.ts';
import { callUpstream, FAILURES, type UpstreamOutcome, type UpstreamResult } from './upstreamCall.ts';

/** What the metrics hear from the upstream source (server/upstream/upstreamMetrics.ts). */
export interface UpstreamObserver {
  /** A lookup's outcome; `seconds` for a call that went out, undefined when the breaker refused it. */
  outcome(outcome: UpstreamOutcome, seconds: number | undefined): void;
  breaker(state: BreakerState): void;
  cache(hit: boolean): void;
}

/** Failures in a row that open the breaker: a few, so one stray timeout does not. */
const BREAKER_THRESHOLD = 5;
/** Larger bodies are not the contract's answer for one code: a bad body. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Memory the answer cache may hold. */
const CACHE_BYTES = 32 * 1024 * 1024;
/** A well-formed code no brand prints: readiness asks for it to see whether the upstream answers at all. */
const PROBE_CODE = '00000000000000000';
/** Each cached entry's keeping beyond its bytes, counted against the budget. */
const ENTRY_OVERHEAD = 200;

const BREAKER_OPEN: UpstreamResult = {
  outcome: 'breaker_open',
  answer: systemErrorAnswer(503, 'The trace service is not answering; try again shortly'),
};

const silent: UpstreamObserver = { outcome: () => {}, breaker: () => {}, cache: () => {} };

/**
 * The brand's own trace service as the trace source (issue 24). Concurrent lookups of one code share
 * one call (single flight; the map holds only calls in flight, each ended by the timeout); answers and
 * unknown codes are kept for the cache's TTL, failures never; the breaker fails fast while the
 * upstream is down.
 */
export function upstreamSource(config: UpstreamConfig, observer: UpstreamObserver = silent): TraceSource {
  const target = {
    endpoint: new URL(`${config.url}${TRACE_PATH}`),
    key: config.key,
    timeoutMs: config.timeoutMs,
    maxBodyBytes: MAX_BODY_BYTES,
  };
  const breaker = new CircuitBreaker(BREAKER_THRESHOLD, config.breakerCooldownMs, (state) => observer.breaker(state));
  const cache = new AnswerCache<TraceAnswer>(config.cacheTtlSeconds * 1000, CACHE_BYTES);
  const inFlight = new Map<string, Promise<TraceAnswer>>();
  observer.breaker(breaker.state);

  const ask = async (code: string): Promise<UpstreamResult> => {
    if (!breaker.allow()) {
      observer.outcome('breaker_open', undefined);
      return BREAKER_OPEN;
    }
    const started = performance.now();
    const result = await callUpstream(target, code);
    observer.outcome(result.outcome, (performance.now() - started) / 1000);
    if (FAILURES.has(result.outcome)) breaker.failed();
    else breaker.succeeded();
    return result;
  };

  const lookup = (code: string): TraceAnswer | Promise<TraceAnswer> => {
    if (cache.enabled) {
      const cached = cache.get(code);
      observer.cache(cached !== undefined);
      if (cached !== undefined) return cached;
    }
    let pending = inFlight.get(code);
    if (pending === undefined) {
      pending = ask(code).then(({ outcome, answer }) => {
        inFlight.delete(code);
        if (outcome === 'answer' || outcome === 'not_found')
          cache.set(code, answer, (answer.bytes()?.length ?? 0) + code.length + ENTRY_OVERHEAD);
        return answer;
      });
      inFlight.set(code, pending);
    }
    return pending;
  };

  return {
    lookup,
    // Ready unless the breaker is open: one slow call does not take the instance out. Once the
    // cool-down is over readiness sends the probe itself, so an instance out of rotation (no lookups
    // reach it) still finds the upstream back.
    async ping() {
      if (breaker.state === 'open' && !breaker.failingFast) await ask(PROBE_CODE);
      if (breaker.state === 'open')
        throw new Error('the upstream trace service is failing: its circuit breaker is open');
    },
    unreachable: 'Upstream trace service unavailable',
  };
}
