import { workerData } from 'node:worker_threads';
import { answerCalls } from '../../lazyWorker.ts';
import type { ReportStore } from '../../reports/reportStore.ts';
import { openSqliteReportStore } from './reportStore.ts';

// The worker thread that holds the reports' SQLite connection (server/db/sqlite/reportWorker.ts starts it): a
// report's photo is a write of a few hundred kilobytes (3 to 4 ms), which on the service's thread would hold
// every lookup behind it (bench:reports measured it in lookups' p99).

export type ReportCall = { op: keyof ReportStore; args: unknown[] };

const store = openSqliteReportStore((workerData as { path: string }).path);

// What a call throws (SQLITE_BUSY behind an import) goes back with its code.
answerCalls<ReportCall, unknown>(({ op, args }) => (store[op] as (...values: unknown[]) => Promise<unknown>)(...args));
