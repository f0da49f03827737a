import { answerCalls, lazyWorker, ownsItsBuffer } from '../lazyWorker.ts';
import type { ReportStore } from '../reports/reportStore.ts';

/** A call to the reports' store in its worker thread: the store's method and its arguments. */
export type ReportCall = { op: keyof ReportStore; args: unknown[] };

/**
 * Shoppers' reports, every call answered by a worker thread with a connection of its own (../lazyWorker.ts), on
 * either database: a report's photo is a few hundred kilobytes to hand to the database (SQLite writes it in 3 to
 * 4 ms; PostgreSQL's driver builds a 340 KB message, 0.7 ms of the event loop and its garbage), which on the
 * service's thread would hold every lookup behind it (bench:reports measures it in lookups' p99). A worker that
 * ended (out of memory, a crash) fails the calls it held and the next call starts a new one, so one failure never
 * ends reports for the process's life. A call's failure keeps the database's code (SQLITE_BUSY while an import
 * writes). `writer` is the worker's script (./sqlite/reportWriter.ts, ./postgres/reportWriter.ts, or a test's).
 */
export function reportWorkerStore(writer: URL, workerData: unknown): ReportStore {
  const worker = lazyWorker<ReportCall, unknown>(writer, 'the reports writer', workerData);
  let closed = false;
  /** `moved`: buffers handed to the worker, not copied; the caller must not read them after. */
  const send = <T>(op: ReportCall['op'], args: unknown[], moved: ArrayBuffer[] = []): Promise<T> =>
    closed
      ? Promise.reject(new Error('the reports store is closed'))
      : (worker.call({ op, args }, { transfer: moved }) as Promise<T>);
  const call = <T>(op: ReportCall['op'], ...args: unknown[]): Promise<T> => send<T>(op, args);
  return {
    // The photo's bytes move to the writer when they are a buffer of their own, as the report bodies' worker hands
    // them over: copied, their 225 KB cost the service's thread 0.3 ms a report, and the copies' garbage a
    // mark-compact of its 34 MB heap every 50 to 70 reports (bench:reports, node --trace-gc).
    add: (report, options) => {
      const photo = report.photo?.body;
      return send('add', [report, options], photo && ownsItsBuffer(photo) ? [photo.buffer as ArrayBuffer] : []);
    },
    list: (filter) => call('list', filter),
    // A Buffer crosses the thread as a Uint8Array.
    photo: async (reference) => {
      const photo = await call<Awaited<ReturnType<ReportStore['photo']>>>('photo', reference);
      return (
        photo && { type: photo.type, body: Buffer.from(photo.body.buffer, photo.body.byteOffset, photo.body.length) }
      );
    },
    closeReport: (reference, note, day) => call('closeReport', reference, note, day),
    purge: (photos, reports, keepWaiting) => call('purge', photos, reports, keepWaiting),
    since: (hour, limit) => call('since', hour, limit),
    claimDue: (now, leaseMs, limit) => call('claimDue', now, leaseMs, limit),
    delivered: (reference) => call('delivered', reference),
    retryAt: (reference, dueAt) => call('retryAt', reference, dueAt),
    nextDue: () => call('nextDue'),
    async close() {
      if (closed) return;
      if (worker.running) await call('close').catch(() => {});
      closed = true;
      await worker.terminate();
    },
  };
}

/** The worker's side: answers each call with `store`'s method (the store opened in the worker, once). */
export function answerReportCalls(store: Promise<ReportStore> | ReportStore): void {
  // A store that failed to open fails each call with its error; unasked, it must not end the thread.
  Promise.resolve(store).catch(() => {});
  answerCalls<ReportCall, unknown>(async ({ op, args }) =>
    ((await store)[op] as (...values: unknown[]) => Promise<unknown>)(...args),
  );
}
