import { Worker } from 'node:worker_threads';
import type { ReadReport } from './reportBody.ts';
import type { ReportBodyCall } from './reportBodyWorker.ts';

// Shoppers' report bodies, read in one worker thread started on first use (as server/upstream/bigAnswers.ts reads
// big upstream answers): the service's thread only receives the report's checked fields and its photo's bytes
// (moved, not copied), so a lookup never waits behind a report's 300 KB body.

export interface ReportBodyReader {
  /**
   * The report in `json` (./reportBody.ts). `json` is moved to the worker, not copied, when it is a buffer of its
   * own; the caller must not read it after. Rejects when the worker failed while reading it (never hangs).
   */
  read(json: Buffer, today: string): Promise<ReadReport>;
}

interface Reader {
  worker: Worker;
  waiting: Map<number, { settle: (read: ReadReport) => void; fail: (error: Error) => void }>;
}

/** A reader on the worker at `script` (the default one, or a test's). */
export function reportBodyReader(script: URL = new URL('./reportBodyWorker.ts', import.meta.url)): ReportBodyReader {
  let reader: Reader | undefined;
  let next = 0;
  /** The one worker, started on first use and again after it failed. */
  const started = (): Reader => {
    if (reader !== undefined) return reader;
    const worker = new Worker(script);
    // It must never keep a finished process alive; a report waiting on it holds a socket open anyway.
    worker.unref();
    const own: Reader = { worker, waiting: new Map() };
    worker.on('message', ({ id, read }: { id: number; read: ReadReport }) => {
      own.waiting.get(id)?.settle(read);
      own.waiting.delete(id);
    });
    // A worker that failed fails the reports it was reading (the route answers them the contract's 500); the next
    // report starts a new one.
    const failed = (error?: unknown) => {
      if (reader === own) reader = undefined;
      const cause = error instanceof Error ? error : new Error('the report bodies’ worker stopped');
      for (const { fail } of own.waiting.values()) fail(cause);
      own.waiting.clear();
    };
    worker.on('error', failed);
    worker.on('exit', () => failed());
    reader = own;
    return own;
  };
  return {
    read(json, today) {
      const { worker, waiting } = started();
      const id = next++;
      const whole = json.byteOffset === 0 && json.byteLength === json.buffer.byteLength;
      return new Promise((settle, fail) => {
        waiting.set(id, { settle, fail });
        worker.postMessage({ id, today, json } satisfies ReportBodyCall, whole ? [json.buffer as ArrayBuffer] : []);
      });
    },
  };
}
