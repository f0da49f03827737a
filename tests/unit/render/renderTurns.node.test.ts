import { expect, it } from 'vitest';
import { renderTurns } from '@/ssr/renderTurns';

// A render holds the CPU for milliseconds without yielding, and the requests of one event-loop turn
// are handled back to back: the page module's renders (pages, their copies, the render cache's checks)
// must start one per turn, so that an API lookup read in the same turn as a burst of page requests is
// answered after one render, not after all of them. (The whole service's view of it: npm run bench:flood.)

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

it('starts renders one per event-loop turn, in the order they were asked for', async () => {
  const turn = renderTurns();
  const started: number[] = [];
  const renders = [1, 2, 3].map(async (n) => {
    await turn();
    started.push(n);
  });
  // Requests handled in this turn run first: no render has started yet.
  await Promise.resolve();
  expect(started).toEqual([]);
  await nextTurn();
  expect(started).toEqual([1]);
  await nextTurn();
  expect(started).toEqual([1, 2]);
  await Promise.all(renders);
  expect(started).toEqual([1, 2, 3]);
});
