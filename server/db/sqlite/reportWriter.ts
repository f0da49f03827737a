import { parentPort, workerData } from 'node:worker_threads';
import type { ReportStore } from '../../reports/reportStore.ts';
import { openSqliteReportStore } from './reportStore.ts';

// The worker thread that holds the reports' SQLite connection (server/db/sqlite/reportWorker.ts starts it): a
// report's photo is a write of a few hundred kilobytes (3 to 4 ms), which on the service's thread would hold
// every lookup behind it (bench:reports measured it in lookups' p99).

export type ReportCall = { id: number; op: keyof ReportStore; args: unknown[] };
export type ReportReply = { id: number; result: unknown } | { id: number; error: { message: string; code?: unknown } };

const store = openSqliteReportStore((workerData as { path: string }).path);
const port = parentPort!;

port.on('message', ({ id, op, args }: ReportCall) => {
  const method = store[op] as (...values: unknown[]) => Promise<unknown>;
  method(...args).then(
    (result) => port.postMessage({ id, result } satisfies ReportReply),
    (error: unknown) => {
      const { message, code } = error as { message?: string; code?: unknown };
      port.postMessage({ id, error: { message: message ?? String(error), code } } satisfies ReportReply);
    },
  );
});
