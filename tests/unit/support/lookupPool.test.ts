import { describe, expect, it } from 'vitest';
import { MAX_RATE_LIMITED, fallbackDelay, runPool, type Attempt, type Clock } from '@/features/support/lookupPool';

/** A clock that jumps instead of waiting, and remembers every wait. */
function fakeClock() {
  let now = 0;
  const waits: number[] = [];
  const clock: Clock = {
    now: () => now,
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  };
  return { clock, waits };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('runPool', () => {
  it('keeps at most the given number in flight and answers every item', async () => {
    let inFlight = 0;
    let most = 0;
    const results: [number, string][] = [];
    await runPool(
      Array.from({ length: 10 }, (_, index) => index),
      async (item): Promise<Attempt<string>> => {
        most = Math.max(most, ++inFlight);
        await tick();
        inFlight--;
        return { done: `answer ${item}` };
      },
      (index, value) => results.push([index, value]),
      { signal: new AbortController().signal, giveUp: () => 'gave up', concurrency: 4 },
    );
    expect(most).toBe(4);
    expect(results.map(([index]) => index).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('waits the time a 429 asks for, then retries the same item, and the batch goes on', async () => {
    const { clock, waits } = fakeClock();
    const calls: string[] = [];
    let refused = false;
    const states: boolean[] = [];
    const results = new Map<number, string>();
    await runPool(
      ['A', 'B', 'C'],
      async (item): Promise<Attempt<string>> => {
        calls.push(item);
        if (item === 'B' && !refused) {
          refused = true;
          return { rateLimited: true, retryAfterMs: 3000 };
        }
        return { done: item.toLowerCase() };
      },
      (index, value) => results.set(index, value),
      {
        signal: new AbortController().signal,
        giveUp: () => 'gave up',
        concurrency: 1,
        clock,
        onWaiting: (waiting) => states.push(waiting),
      },
    );
    expect(calls).toEqual(['A', 'B', 'B', 'C']);
    expect(waits).toEqual([3000]);
    expect(states).toEqual([true, false]);
    expect([...results.entries()]).toEqual([
      [0, 'a'],
      [1, 'b'],
      [2, 'c'],
    ]);
  });

  it('backs off by itself when the service does not say how long, and gives an item up after many refusals', async () => {
    const { clock, waits } = fakeClock();
    const results = new Map<number, string>();
    await runPool(
      ['A'],
      async (): Promise<Attempt<string>> => ({ rateLimited: true, retryAfterMs: null }),
      (index, value) => results.set(index, value),
      { signal: new AbortController().signal, giveUp: () => 'gave up', clock },
    );
    expect(waits).toEqual(Array.from({ length: MAX_RATE_LIMITED - 1 }, (_, retry) => fallbackDelay(retry)));
    expect(waits.slice(0, 3)).toEqual([1000, 2000, 4000]);
    expect(Math.max(...waits)).toBe(30_000);
    expect(results.get(0)).toBe('gave up');
  });

  it('takes no more items once aborted', async () => {
    const controller = new AbortController();
    const calls: number[] = [];
    await runPool(
      [1, 2, 3, 4, 5],
      async (item): Promise<Attempt<number>> => {
        calls.push(item);
        if (item === 2) controller.abort();
        return { done: item };
      },
      () => undefined,
      { signal: controller.signal, giveUp: () => 0, concurrency: 1 },
    );
    expect(calls).toEqual([1, 2]);
  });
});
