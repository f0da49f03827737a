import { Worker } from 'node:worker_threads';
import type { CheckStore, CodeTotals } from '../../checks/checkStore.ts';
import type { WriterCall, WriterReply } from './checkWriter.ts';
import { openCountsDatabase } from './countsDatabase.ts';
import { openDatabase } from './database.ts';

type TotalsRow = { firstDay: string; lookups: number; networks: string };

/** A write to the worker that failed there, with SQLite's code (SQLITE_BUSY while an import writes). */
class WriterError extends Error {
  constructor(
    message: string,
    readonly code: unknown,
  ) {
    super(message);
  }
}

/**
 * Lookup counts in their SQLite file (countsDatabase.ts): totals read on this thread (one primary-key read,
 * answered at once like the lookup itself), batches, reports and clears in a worker thread with a
 * connection of its own.
 */
export function openSqliteCheckStore(path: string): CheckStore {
  // Opened here first: both files are created and migrated (the counts moved out of the catalogue's file
  // by its migration 010) before the worker or the reads use them.
  openDatabase(path).close();
  const db = openCountsDatabase(path);
  const readCode = db.prepare('SELECT first_day AS firstDay, lookups, networks FROM check_codes WHERE code = ?');
  const worker = new Worker(new URL('./checkWriter.ts', import.meta.url), { workerData: { path } });
  // Counting must never keep a finished process alive.
  worker.unref();
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 0;
  let failure: Error | undefined;
  const failAll = (error: Error) => {
    failure = error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on('message', (reply: WriterReply) => {
    const call = waiting.get(reply.id);
    waiting.delete(reply.id);
    if ('error' in reply) call?.reject(new WriterError(reply.error.message, reply.error.code));
    else call?.resolve(reply.result);
  });
  worker.on('error', failAll);
  worker.on('exit', () => failAll(new Error('the lookup counts writer stopped')));
  const call = <T>(op: WriterCall['op'], args: unknown[]): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = next++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, op, args } as WriterCall);
    });
  };
  let closed = false;
  return {
    // As the writer's connection (checkStore.ts): no device rows, the counter's memory is the repeat window.
    repeatsInMemory: true,
    write: (batch, rules) => call('write', [batch, rules]),
    totals(codes) {
      const found = new Map<string, CodeTotals>();
      for (const code of codes) {
        const row = readCode.get(code) as TotalsRow | undefined;
        if (row) found.set(code, { firstDay: row.firstDay, lookups: row.lookups, networks: row.networks });
      }
      return found;
    },
    report: (since, limit, rules) => call('report', [since, limit, rules]),
    clear: (code, rules) => call('clear', [code, rules]),
    async close() {
      if (closed) return;
      closed = true;
      await call('close', []).catch(() => {});
      await worker.terminate();
      db.close();
    },
  };
}
