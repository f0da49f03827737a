import { parentPort, workerData } from 'node:worker_threads';
import type { CheckStore } from '../../checks/checkStore.ts';
import { openSqliteCheckConnection } from './checkStore.ts';

// The worker thread that writes lookup counts to SQLite (server/db/sqlite/checkWorker.ts starts it):
// a batch of thousands of rows would otherwise hold the service's thread, and every lookup behind it.

export type WriterCall = { id: number } & (
  | { op: 'write'; args: Parameters<CheckStore['write']> }
  | { op: 'report'; args: Parameters<CheckStore['report']> }
  | { op: 'clear'; args: Parameters<CheckStore['clear']> }
  | { op: 'close'; args: [] }
);

export type WriterReply = { id: number; result: unknown } | { id: number; error: { message: string; code?: unknown } };

const store = openSqliteCheckConnection((workerData as { path: string }).path);
const port = parentPort!;

port.on('message', (call: WriterCall) => {
  const run = async () => {
    if (call.op === 'write') return store.write(...call.args);
    if (call.op === 'report') return store.report(...call.args);
    if (call.op === 'clear') return store.clear(...call.args);
    return store.close();
  };
  run().then(
    (result) => port.postMessage({ id: call.id, result } satisfies WriterReply),
    (error: unknown) => {
      const { message, code } = error as { message?: string; code?: unknown };
      port.postMessage({ id: call.id, error: { message: message ?? String(error), code } } satisfies WriterReply);
    },
  );
});
