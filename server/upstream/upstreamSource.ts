import { TRACE_PATH, TRACE_URL_PATH } from '../../src/contract/traceContract.ts';
import type { UpstreamConfig } from '../config.ts';
import { errorBody } from '../domain/errorBody.ts';
import {
  JsonAnswer,
  systemErrorAnswer,
  type Asker,
  type TraceAnswer,
  type TraceSource,
} from '../domain/traceSource.ts';
import { AnswerCache } from './answerCache.ts';
import { CircuitBreaker, type BreakerState } from './breaker.ts';
import type { KeptAnswer } from './checkedAnswer.ts';
import { callUpstream, CODE_FAILURES, FAILURES, type UpstreamOutcome, type UpstreamResult } from './upstreamCall.ts';

/** What the metrics hear from the upstream source (server/upstream/upstreamMetrics.ts). */
export interface UpstreamObserver {
  /** A lookup's outcome; `seconds` for a call that went out, undefined when the breaker refused it. */
  outcome(outcome: UpstreamOutcome, seconds: number | undefined): void;
  breaker(state: BreakerState): void;
  cache(hit: boolean): void;
}

/** Failures in a row that open the breaker (of at least three codes): a few, so one stray timeout does not. */
const BREAKER_THRESHOLD = 5;
/** Larger bodies are not the contract's answer for one code: a bad body. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Memory the answer cache may hold. */
const CACHE_BYTES = 32 * 1024 * 1024;
/** How long a code's own failure (a bad or oversize body, a 5xx) is answered again without asking; at most the cache's TTL. */
const CODE_FAILURE_MS = 3000;
/** Memory for remembered failures: their answers are shared constants, the entries only keys. */
const FAILURE_CACHE_BYTES = 1024 * 1024;
/** Each cached entry's keeping beyond its bytes, counted against the budget. */
const ENTRY_OVERHEAD = 200;

const BREAKER_OPEN: UpstreamResult = {
  outcome: 'breaker_open',
  answer: systemErrorAnswer(503, 'The trace service is not answering; try again shortly'),
};

/** A client whose unknown codes are spent: told when to ask again, as a spent lookup budget is. */
function unknownSpentAnswer(waitMs: number): TraceAnswer {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const body = errorBody('RATE_LIMIT', 429, `Too many unknown codes; try again in ${seconds} s`, TRACE_URL_PATH);
  return Object.assign(new JsonAnswer(429, Buffer.from(JSON.stringify(body))), { retryAfterSeconds: seconds });
}

/** Each client's budget of unknown codes asked upstream (server/plugins/unknownBudget.ts). */
export interface UnknownCodes {
  /** Milliseconds until this client may ask the upstream again; 0: now. */
  waitFor(address: string): number;
  /** One unknown code answered for this client. */
  spend(address: string): void;
}

/** An answer's memory in the cache; a checked one's JSON is not written for this. */
const sizeOf = (answer: TraceAnswer | KeptAnswer) => ('size' in answer ? answer.size : (answer.bytes()?.length ?? 0));

const silent: UpstreamObserver = { outcome: () => {}, breaker: () => {}, cache: () => {} };

/**
 * The brand's own trace service as the trace source (issue 24). Concurrent lookups of one code share
 * one call (single flight; the map holds only calls in flight, each ended by the timeout); answers and
 * unknown codes are kept for the cache's TTL; a code's own failure (a bad body, a 5xx) is answered again
 * for a few seconds without asking; the breaker fails fast while the service itself is down (timeouts,
 * no connection, across several codes).
 */
export function upstreamSource(
  config: UpstreamConfig,
  observer: UpstreamObserver = silent,
  unknown?: UnknownCodes,
): TraceSource {
  const target = {
    endpoint: new URL(`${config.url}${TRACE_PATH}`),
    key: config.key,
    timeoutMs: config.timeoutMs,
    maxBodyBytes: MAX_BODY_BYTES,
  };
  const breaker = new CircuitBreaker(BREAKER_THRESHOLD, config.breakerCooldownMs, (state) => observer.breaker(state));
  const cache = new AnswerCache<TraceAnswer>(config.cacheTtlSeconds * 1000, CACHE_BYTES);
  const failures = new AnswerCache<TraceAnswer>(
    Math.min(CODE_FAILURE_MS, config.cacheTtlSeconds * 1000),
    FAILURE_CACHE_BYTES,
  );
  const inFlight = new Map<string, Promise<TraceAnswer>>();
  observer.breaker(breaker.state);

  const ask = async (code: string, asker: Asker | undefined): Promise<UpstreamResult> => {
    if (!breaker.allow()) {
      observer.outcome('breaker_open', undefined);
      return BREAKER_OPEN;
    }
    const started = performance.now();
    const result = await callUpstream(target, code, config.forwardClient ? asker?.address : undefined);
    observer.outcome(result.outcome, (performance.now() - started) / 1000);
    if (FAILURES.has(result.outcome)) breaker.failed(code);
    else breaker.succeeded();
    return result;
  };

  const lookup = (code: string, asker?: Asker): TraceAnswer | Promise<TraceAnswer> => {
    if (cache.enabled) {
      const cached = cache.get(code);
      observer.cache(cached !== undefined);
      if (cached !== undefined) return cached;
      const failed = failures.get(code);
      if (failed !== undefined) return failed;
    }
    const joined = inFlight.get(code);
    if (joined !== undefined) return joined;
    // Checked only for a call that would go out: a kept answer or a call in flight costs the upstream nothing.
    const wait = asker === undefined ? 0 : (unknown?.waitFor(asker.address) ?? 0);
    if (wait > 0) return unknownSpentAnswer(wait);
    const pending = ask(code, asker).then(({ outcome, answer }) => {
      inFlight.delete(code);
      if (outcome === 'not_found' && asker !== undefined) unknown?.spend(asker.address);
      if (outcome === 'answer' || outcome === 'not_found')
        cache.set(code, answer, sizeOf(answer) + code.length + ENTRY_OVERHEAD);
      else if (CODE_FAILURES.has(outcome)) failures.set(code, answer, code.length + ENTRY_OVERHEAD);
      return answer;
    });
    inFlight.set(code, pending);
    return pending;
  };

  return {
    lookup,
    // Always ready: the breaker fails lookups at once while the service is down, and the instance
    // still serves its static pages and says so; taking every instance out of the load balancer for
    // the upstream's failure would turn "System error!" into no page at all. The breaker's probe is a
    // lookup after the cool-down, and lookups keep coming to an instance that stays in rotation.
    ping() {},
    unreachable: 'Upstream trace service unavailable',
  };
}
