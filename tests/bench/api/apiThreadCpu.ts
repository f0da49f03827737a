import { cpuByKind } from '../../support/bench/threadCpu.ts';

// What counting costs on the thread that answers lookups, in its counts writer, and in V8's helper threads
// (concurrent garbage collection, compilation): tests/support/bench/threadCpu.ts reads them from /proc.

export interface ThreadCpu {
  /** The event loop's thread: lookups, the counter, the batches' preparation and replies. */
  main: number;
  /** The lookup counts' writer (server/db/sqlite/checkWriter.ts), Node's only worker thread here. */
  writer: number;
  /** Everything else: V8's helper threads, libuv's pool. */
  other: number;
}

/** CPU seconds so far of each of the process's threads, summed by kind. */
export const threadCpu = (pid: number): ThreadCpu =>
  cpuByKind(pid, ['main', 'writer', 'other'], ({ main, name }) =>
    main ? 'main' : name === 'WorkerThread' ? 'writer' : 'other',
  );

/** `after` minus `before`, in µs per request. */
export const perRequest = (before: ThreadCpu, after: ThreadCpu, requests: number): ThreadCpu => ({
  main: ((after.main - before.main) * 1e6) / requests,
  writer: ((after.writer - before.writer) * 1e6) / requests,
  other: ((after.other - before.other) * 1e6) / requests,
});
