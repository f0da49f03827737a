import type { FastifyReply, FastifyRequest } from 'fastify';
import { expect, it } from 'vitest';
import { guardRenders } from '../../server/routes/pageGuard.ts';

// A render holds the CPU for milliseconds without yielding, and the requests of one event-loop turn
// are handled back to back: renders must start one per turn, so that an API lookup read in the same
// turn as a burst of page requests is answered after one render, not after all of them. (The whole
// service's view of it: npm run bench:flood.)

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

it('starts admitted renders one per event-loop turn', async () => {
  const started: number[] = [];
  const render = guardRenders(
    async (request) => {
      started.push(Number(request.url));
      return {} as FastifyReply;
    },
    { maxInFlight: 8, busyTexts: () => ({ lang: 'vi', title: '', hint: '', retry: '' }) },
  );
  const renders = [1, 2, 3].map((n) => render({ url: String(n) } as FastifyRequest, {} as FastifyReply));
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
