import { parentPort, Worker, type TransferListItem } from 'node:worker_threads';

// One worker thread, started on first use and again after it ended, with its calls in flight: the big upstream
// answers' reader (upstream/bigAnswers.ts), the report bodies' reader (reports/reportBodies.ts) and the SQLite
// reports' writer (db/sqlite/reportWorker.ts). A worker that ends (out of memory, a crash) fails the calls it
// held instead of leaving them hanging, and the next call starts a new one: one failure never ends a part for
// the process's life.

/** What crosses to the worker: the call's number and the caller's message. */
interface Call<T> {
  id: number;
  body: T;
}
/** What comes back: the answer, or what the worker's handler threw. */
type Reply<T> = { id: number; body: T } | { id: number; error: { message: string; code?: unknown } };

/**
 * A call the worker's handler threw on: its message and code (SQLite's SQLITE_BUSY) as they were there. (A field,
 * not a constructor's parameter property: the worker's threads run this file with Node's type stripping alone.)
 */
export class WorkerCallError extends Error {
  readonly code: unknown;
  constructor(message: string, code: unknown) {
    super(message);
    this.code = code;
  }
}

/** A call the worker did not answer within its `timeoutMs`; a late answer is dropped. */
export class WorkerTimeout extends Error {}

export interface CallOptions {
  /** Buffers moved to the worker, not copied; the caller must not read them after. */
  transfer?: readonly TransferListItem[];
  timeoutMs?: number;
}

export interface LazyWorker<In, Out> {
  /** The worker's answer to `body`; rejects when the worker ended before it answered (never hangs). */
  call(body: In, options?: CallOptions): Promise<Out>;
  /** Calls sent and not yet answered. */
  readonly waiting: number;
  /** Whether a worker runs now. */
  readonly running: boolean;
  /** Ends the worker that runs, if any (its calls fail); the next call starts a new one. */
  terminate(): Promise<void>;
}

interface Running {
  worker: Worker;
  waiting: Map<number, { settle: (body: unknown) => void; fail: (error: Error) => void }>;
}

/**
 * Calls to the worker at `script`, given `workerData`. A worker that ends fails its calls with the error it
 * raised, else with `${name} stopped`.
 */
export function lazyWorker<In, Out>(script: URL, name: string, workerData?: unknown): LazyWorker<In, Out> {
  let running: Running | undefined;
  let next = 0;
  const started = (): Running => {
    if (running !== undefined) return running;
    const worker = new Worker(script, { workerData });
    // It must never keep a finished process alive; whoever waits on it holds a socket or a timer open anyway.
    worker.unref();
    const own: Running = { worker, waiting: new Map() };
    worker.on('message', (reply: Reply<unknown>) => {
      const call = own.waiting.get(reply.id);
      own.waiting.delete(reply.id);
      if ('error' in reply) call?.fail(new WorkerCallError(reply.error.message, reply.error.code));
      else call?.settle(reply.body);
    });
    const failed = (error: Error) => {
      if (running === own) running = undefined;
      for (const { fail } of own.waiting.values()) fail(error);
      own.waiting.clear();
    };
    worker.on('error', failed);
    worker.on('exit', () => failed(new Error(`${name} stopped`)));
    running = own;
    return own;
  };
  return {
    call(body, { transfer = [], timeoutMs } = {}) {
      const { worker, waiting } = started();
      const id = next++;
      return new Promise<Out>((settle, fail) => {
        const timer =
          timeoutMs === undefined
            ? undefined
            : setTimeout(
                () => waiting.delete(id) && fail(new WorkerTimeout(`${name} did not answer in time`)),
                timeoutMs,
              );
        const done = () => clearTimeout(timer);
        waiting.set(id, {
          settle: (answer) => (done(), settle(answer as Out)),
          fail: (error) => (done(), fail(error)),
        });
        worker.postMessage({ id, body } satisfies Call<In>, transfer);
      });
    },
    get waiting() {
      return running?.waiting.size ?? 0;
    },
    get running() {
      return running !== undefined;
    },
    async terminate() {
      await running?.worker.terminate();
    },
  };
}

/**
 * In the worker: answers each call with `handle`'s result, moving the buffers `transfer` names instead of
 * copying them; what `handle` throws goes back as a WorkerCallError.
 */
export function answerCalls<In, Out>(
  handle: (body: In) => Out | Promise<Out>,
  transfer: (answer: Out) => readonly TransferListItem[] = () => [],
): void {
  const port = parentPort!;
  port.on('message', ({ id, body }: Call<In>) => {
    Promise.resolve()
      .then(() => handle(body))
      .then(
        (answer) => port.postMessage({ id, body: answer } satisfies Reply<Out>, transfer(answer)),
        (error: unknown) => {
          const { message, code } = error as { message?: string; code?: unknown };
          port.postMessage({ id, error: { message: message ?? String(error), code } } satisfies Reply<Out>);
        },
      );
  });
}

/** Whether `bytes` is a buffer of its own, which can be moved to or from a worker whole. */
export const ownsItsBuffer = (bytes: Uint8Array): boolean =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
