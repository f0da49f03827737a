import { Worker } from 'node:worker_threads';
import type { ReportStore } from '../../reports/reportStore.ts';
import type { ReportCall, ReportReply } from './reportWriter.ts';
import { openDatabase } from './database.ts';

/** A call that failed in the worker, with SQLite's code (SQLITE_BUSY while an import writes). */
class ReportStoreError extends Error {
  constructor(
    message: string,
    readonly code: unknown,
  ) {
    super(message);
  }
}

/**
 * Shoppers' reports in the SQLite file, every call answered by a worker thread with a connection of its own. A
 * worker that ended (out of memory, a crash) fails the calls it held and the next call starts a new one, as
 * upstream/bigAnswers.ts does: one failure never ends reports for the process's life. `writer` is the worker's
 * script (a test gives one that fails first).
 */
export function openSqliteReportWorker(
  path: string,
  writer: URL = new URL('./reportWriter.ts', import.meta.url),
): ReportStore {
  // Opened here first, so the file is created and migrated (or its failure thrown) before the worker starts.
  openDatabase(path).close();
  type Running = {
    worker: Worker;
    waiting: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
  };
  let running: Running | undefined;
  let closed = false;
  let next = 0;
  const started = (): Running => {
    if (running !== undefined) return running;
    const worker = new Worker(writer, { workerData: { path } });
    worker.unref();
    const own: Running = { worker, waiting: new Map() };
    const failAll = (error: Error) => {
      if (running === own) running = undefined;
      for (const { reject } of own.waiting.values()) reject(error);
      own.waiting.clear();
    };
    worker.on('message', (reply: ReportReply) => {
      const call = own.waiting.get(reply.id);
      own.waiting.delete(reply.id);
      if ('error' in reply) call?.reject(new ReportStoreError(reply.error.message, reply.error.code));
      else call?.resolve(reply.result);
    });
    worker.on('error', failAll);
    worker.on('exit', () => failAll(new Error('the reports writer stopped')));
    running = own;
    return own;
  };
  const call = <T>(op: ReportCall['op'], ...args: unknown[]): Promise<T> => {
    if (closed) return Promise.reject(new Error('the reports store is closed'));
    const { worker, waiting } = started();
    const id = next++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, op, args } satisfies ReportCall);
    });
  };
  return {
    add: (report, outbox) => call('add', report, outbox),
    list: (filter) => call('list', filter),
    // A Buffer crosses the thread as a Uint8Array.
    photo: async (reference) => {
      const photo = await call<Awaited<ReturnType<ReportStore['photo']>>>('photo', reference);
      return (
        photo && { type: photo.type, body: Buffer.from(photo.body.buffer, photo.body.byteOffset, photo.body.length) }
      );
    },
    closeReport: (reference, note, day) => call('closeReport', reference, note, day),
    purge: (photos, reports) => call('purge', photos, reports),
    since: (hour, limit) => call('since', hour, limit),
    claimDue: (now, leaseMs, limit) => call('claimDue', now, leaseMs, limit),
    delivered: (id) => call('delivered', id),
    retryAt: (id, nextAt) => call('retryAt', id, nextAt),
    nextDue: () => call('nextDue'),
    async close() {
      if (closed) return;
      const last = running;
      if (last !== undefined) await call('close').catch(() => {});
      closed = true;
      await last?.worker.terminate();
    },
  };
}
