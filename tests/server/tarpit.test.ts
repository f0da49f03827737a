import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createTarpit } from '../../server/plugins/tarpit.ts';

// A refusal held before it goes out slows a closed-loop flood to the pace of its connections; the
// number held at once is bounded, past it a refusal goes out at once.

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Whether `promise` has settled once the microtasks queued so far have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

it('holds a refusal for its time, and holds no more than its bound at once', async () => {
  const hold = createTarpit(2, 1000);
  const first = hold();
  const second = hold();
  expect(await settled(hold())).toBe(true);
  await vi.advanceTimersByTimeAsync(999);
  expect(await settled(first)).toBe(false);
  expect(await settled(second)).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(await settled(first)).toBe(true);
  expect(await settled(second)).toBe(true);
  // Released places are taken again.
  const third = hold();
  expect(await settled(third)).toBe(false);
  await vi.advanceTimersByTimeAsync(1000);
  expect(await settled(third)).toBe(true);
});
