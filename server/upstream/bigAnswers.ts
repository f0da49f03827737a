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
 * A big answer's body read in the worker (./bigAnswer.ts). `json` is moved there, not copied, when it
 * is a buffer of its own (Buffer.concat of a big body makes one); the caller must not read it after.
 */
export function readInWorker(json: Buffer, code: string): Promise<BigVerdict> {
  const { worker, waiting } = started();
  const id = next++;
  const whole = json.byteOffset === 0 && json.byteLength === json.buffer.byteLength;
  return new Promise((settle) => {
    waiting.set(id, settle);
    worker.postMessage({ id, code, json } satisfies BigAnswerCall, whole ? [json.buffer as ArrayBuffer] : []);
  });
}
