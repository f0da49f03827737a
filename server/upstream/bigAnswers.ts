import { lazyWorker, ownsItsBuffer, WorkerTimeout } from '../lazyWorker.ts';
import type { BigAnswerCall } from './bigAnswerWorker.ts';
import type { BigVerdict } from './bigAnswer.ts';

/**
 * Upstream 200 bodies past this size are read in a worker thread. A normal answer is under 1 KB and
 * read at once; a carton of 50,000 unit codes is 1 MB, and reading it on the event loop (UTF-8 decoding,
 * JSON.parse, the contract's check, the page's reading of every code, and the garbage of 50,000 strings)
 * held every other request for 20-100 ms per page (bench:upstream (d)). 64 KiB is about 3,000 unit codes:
 * below it, a reading costs less than the round trip to the worker.
 */
export const BIG_ANSWER_BYTES = 64 * 1024;

/**
 * Most big answers waiting for the worker at once (queued or being read): at most MAX_BODY_BYTES (1 MiB) each,
 * so 32 MiB held at worst. Past it a big answer is answered as a bad body (the designed 502, its code's failure
 * remembered a few seconds) instead of joining a queue without end behind a worker that cannot keep up.
 */
export const MAX_WAITING_BIG_ANSWERS = 32;

/** A big answer the worker did not read before the call's deadline. */
export const TIMED_OUT = 'timed_out';

/** The one worker, started on first use and again after it failed (../lazyWorker.ts). */
const reader = lazyWorker<BigAnswerCall, BigVerdict>(
  new URL('./bigAnswerWorker.ts', import.meta.url),
  'the big answers’ worker',
);

/**
 * A big answer's body read in the worker (./bigAnswer.ts), within `timeoutMs` (what is left of the upstream
 * call's own deadline: it covers the reading too), else TIMED_OUT; a bad body when `maxWaiting` answers
 * already wait. `json` is moved there, not copied, when it is a buffer of its own (Buffer.concat of a big
 * body makes one); the caller must not read it after.
 */
export function readInWorker(
  json: Buffer,
  code: string,
  timeoutMs: number,
  maxWaiting = MAX_WAITING_BIG_ANSWERS,
): Promise<BigVerdict | typeof TIMED_OUT> {
  if (reader.waiting >= maxWaiting) return Promise.resolve({ fault: 'bad_body' });
  const transfer = ownsItsBuffer(json) ? [json.buffer as ArrayBuffer] : [];
  return reader.call({ code, json }, { transfer, timeoutMs }).catch((error: unknown): BigVerdict | typeof TIMED_OUT =>
    // A worker that failed answers its waiting lookups as bad bodies (their code's failure, remembered a few
    // seconds): the body is what it was reading. A late verdict finds no one waiting and is dropped.
    error instanceof WorkerTimeout ? TIMED_OUT : { fault: 'bad_body' },
  );
}
