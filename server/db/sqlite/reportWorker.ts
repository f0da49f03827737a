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

/** Shoppers' reports in the SQLite file, every call answered by a worker thread with a connection of its own. */
export function openSqliteReportWorker(path: string): ReportStore {
  // Opened here first, so the file is created and migrated (or its failure thrown) before the worker starts.
  openDatabase(path).close();
  const worker = new Worker(new URL('./reportWriter.ts', import.meta.url), { workerData: { path } });
  worker.unref();
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 0;
  let failure: Error | undefined;
  const failAll = (error: Error) => {
    failure = error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on('message', (reply: ReportReply) => {
    const call = waiting.get(reply.id);
    waiting.delete(reply.id);
    if ('error' in reply) call?.reject(new ReportStoreError(reply.error.message, reply.error.code));
    else call?.resolve(reply.result);
  });
  worker.on('error', failAll);
  worker.on('exit', () => failAll(new Error('the reports writer stopped')));
  const call = <T>(op: ReportCall['op'], ...args: unknown[]): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = next++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, op, args } satisfies ReportCall);
    });
  };
  let closed = false;
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
      closed = true;
      await call('close').catch(() => {});
      await worker.terminate();
    },
  };
}
