import { Worker } from 'node:worker_threads';
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

interface Reader {
  worker: Worker;
  waiting: Map<number, (verdict: BigVerdict) => void>;
}

let reader: Reader | undefined;
let next = 0;

/** The one worker, started on first use and again after it failed. */
function started(): Reader {
  if (reader !== undefined) return reader;
  const worker = new Worker(new URL('./bigAnswerWorker.ts', import.meta.url));
  // It must never keep a finished process alive; a lookup waiting on it holds a socket open anyway.
  worker.unref();
  const own: Reader = { worker, waiting: new Map() };
  worker.on('message', ({ id, verdict }: { id: number; verdict: BigVerdict }) => {
    own.waiting.get(id)?.(verdict);
    own.waiting.delete(id);
  });
  // A worker that failed answers its waiting lookups as bad bodies (their code's failure, remembered a
  // few seconds): the body is what it was reading. The next big answer starts a new one.
  const failed = () => {
    if (reader === own) reader = undefined;
    for (const settle of own.waiting.values()) settle({ fault: 'bad_body' });
    own.waiting.clear();
  };
  worker.on('error', failed);
  worker.on('exit', failed);
  reader = own;
  return own;
}

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
  const { worker, waiting } = started();
  if (waiting.size >= maxWaiting) return Promise.resolve({ fault: 'bad_body' });
  const id = next++;
  const whole = json.byteOffset === 0 && json.byteLength === json.buffer.byteLength;
  return new Promise((settle) => {
    // A late verdict finds no one waiting and is dropped (the worker's message handler).
    const timer = setTimeout(() => waiting.delete(id) && settle(TIMED_OUT), timeoutMs);
    waiting.set(id, (verdict) => {
      clearTimeout(timer);
      settle(verdict);
    });
    worker.postMessage({ id, code, json } satisfies BigAnswerCall, whole ? [json.buffer as ArrayBuffer] : []);
  });
}
