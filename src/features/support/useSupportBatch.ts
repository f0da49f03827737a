import { useCallback, useEffect, useReducer, useRef } from 'react';
import { traceApi } from '@/api/traceApi';
import type { TraceFailure } from '@/api/traceFailure';
import type { TraceResult } from '@/api/traceResult';
import { useAppDispatch } from '@/store/hooks';
import { batchReducer, idleBatch, type BatchState } from './batchState';
import { needsVariants, type Outcome, type Suggestion } from './checkedCode';
import type { Extraction } from './codeExtraction';
import { runPool, type Attempt } from './lookupPool';
import { recentChecks } from './recentBatches';
import { typoVariants } from './typoVariants';

type Answer = { outcome: Exclude<Outcome, 'pending' | 'invalid'>; result: TraceResult | null };

/** A code the service kept refusing (429) counts as an error; the batch goes on. */
const gaveUp = (): Answer => ({ outcome: 'error', result: null });

const isFailure = (error: unknown): error is TraceFailure =>
  typeof error === 'object' && error !== null && 'key' in error;

/**
 * One lookup through the page's api slice, untracked (a batch's fifty answers need no cache entries),
 * as staff's: the service never counts it among shoppers' checks of the code.
 * A 429 comes with the wait the service asked for (Retry-After); without one the pool waits its own way.
 */
function useLookUp() {
  const dispatch = useAppDispatch();
  return useCallback(
    async (code: string): Promise<Attempt<Answer>> => {
      const answer = await dispatch(traceApi.endpoints.traceFor.initiate({ code, purpose: 'staff' }, { track: false }));
      if (answer.data) return { done: { outcome: 'found', result: answer.data } };
      const failure = isFailure(answer.error) ? answer.error : null;
      if (failure?.key === 'errors.noProducts') return { done: { outcome: 'notFound', result: null } };
      if (failure && 'rateLimited' in failure && failure.rateLimited) {
        const seconds = failure.rateLimited.retryAfterSeconds;
        return { rateLimited: true, retryAfterMs: seconds === null ? null : seconds * 1000 };
      }
      return { done: { outcome: 'error', result: null } };
    },
    [dispatch],
  );
}

/** The support page's batch: every code looked up (a few in flight), then the typo variants of the misses. */
export function useSupportBatch(): {
  batch: BatchState;
  run: (extraction: Extraction) => void;
  take: (index: number, suggestion: Suggestion) => void;
} {
  const [batch, send] = useReducer(batchReducer, idleBatch);
  const lookUp = useLookUp();
  const running = useRef<AbortController | null>(null);

  // Leaving the page, or a new batch, stops the lookups of the old one.
  useEffect(() => () => running.current?.abort(), []);

  const run = useCallback(
    async (extraction: Extraction) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      const { signal } = controller;
      const onWaiting = (waiting: boolean) => send({ type: 'waitingChanged', waiting });

      const sendable = extraction.codes.flatMap((found, index) =>
        found.nearMiss ? [] : [{ code: found.code, index }],
      );
      send({ type: 'started', extraction, lookups: sendable.length });
      const outcomes: Outcome[] = extraction.codes.map((found) => (found.nearMiss ? 'invalid' : 'pending'));
      await runPool(
        sendable,
        ({ code }) => lookUp(code),
        (at, { outcome, result }) => {
          outcomes[sendable[at].index] = outcome;
          send({ type: 'answered', index: sendable[at].index, outcome, result });
        },
        { signal, onWaiting, giveUp: gaveUp },
      );
      if (signal.aborted) return;

      const variants = extraction.codes.flatMap(({ code, nearMiss }, index) =>
        needsVariants(outcomes[index], nearMiss) ? typoVariants(code).map((variant) => ({ variant, index })) : [],
      );
      send({ type: 'variantsStarted', total: variants.length });
      const answers: (TraceResult | null)[] = variants.map(() => null);
      await runPool(
        variants,
        ({ variant }) => lookUp(variant),
        (at, { result }) => {
          answers[at] = result;
          send({ type: 'variantAnswered' });
        },
        { signal, onWaiting, giveUp: gaveUp },
      );
      if (signal.aborted) return;
      // In the variants' own order, whatever order their answers came in.
      const suggestions = new Map<number, Suggestion[]>(variants.map(({ index }) => [index, []]));
      variants.forEach(({ variant, index }, at) => {
        const result = answers[at];
        if (result) suggestions.get(index)?.push({ code: variant, result });
      });
      send({ type: 'suggested', suggestions });
      send({ type: 'finished' });
      recentChecks.record(
        extraction.codes.map(({ code }, index) => {
          const outcome = outcomes[index];
          return { code, outcome: outcome === 'pending' ? 'error' : outcome };
        }),
      );
    },
    [lookUp],
  );

  const take = useCallback(
    (index: number, suggestion: Suggestion) => send({ type: 'suggestionTaken', index, suggestion }),
    [],
  );
  return { batch, run: (extraction) => void run(extraction), take };
}
