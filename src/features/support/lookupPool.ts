/** Lookups in flight at once: enough for a 50-code batch in a few seconds, gentle on the service. */
export const IN_FLIGHT = 4;
/** Rate-limited answers a code may get before it counts as an error (together they outlast a minute's window). */
export const MAX_RATE_LIMITED = 8;

/** One try at an item: its value, or the service's 429 with the wait it asked for (null when not known). */
export type Attempt<T> = { done: T } | { rateLimited: true; retryAfterMs: number | null };

export interface Clock {
  now: () => number;
  /** Resolves after `ms`, or at once when the signal aborts. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    }),
};

export interface PoolOptions<I, T> {
  signal: AbortSignal;
  /** What an item counts as once the service has refused it MAX_RATE_LIMITED times. */
  giveUp: (item: I) => T;
  /** Called when the pool starts waiting for the service (true) and when it goes on (false). */
  onWaiting?: (waiting: boolean) => void;
  concurrency?: number;
  clock?: Clock;
}

/** Without a Retry-After: 1 s, then doubling, at most 30 s. */
export function fallbackDelay(retry: number): number {
  return Math.min(1000 * 2 ** retry, 30_000);
}

/**
 * Runs `attempt` on every item with at most `concurrency` in flight, calling `onResult` as each ends.
 * A rate-limited answer pauses every worker for the wait the service asked and retries the same item;
 * the batch itself never fails. Stops taking items when the signal aborts.
 */
export async function runPool<I, T>(
  items: readonly I[],
  attempt: (item: I) => Promise<Attempt<T>>,
  onResult: (index: number, value: T) => void,
  { signal, giveUp, onWaiting, concurrency = IN_FLIGHT, clock = realClock }: PoolOptions<I, T>,
): Promise<void> {
  let next = 0;
  let resumeAt = 0;
  let waiting = false;

  async function settle(index: number): Promise<void> {
    for (let refused = 0; ; refused++) {
      const wait = resumeAt - clock.now();
      if (wait > 0) await clock.sleep(wait, signal);
      if (signal.aborted) return;
      if (waiting) {
        waiting = false;
        onWaiting?.(false);
      }
      const answer = await attempt(items[index]);
      if (signal.aborted) return;
      if ('done' in answer) return onResult(index, answer.done);
      if (refused + 1 >= MAX_RATE_LIMITED) return onResult(index, giveUp(items[index]));
      resumeAt = Math.max(resumeAt, clock.now() + (answer.retryAfterMs ?? fallbackDelay(refused)));
      if (!waiting) {
        waiting = true;
        onWaiting?.(true);
      }
    }
  }

  async function worker(): Promise<void> {
    while (!signal.aborted && next < items.length) await settle(next++);
  }

  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
