import { cpuByKind } from '../../support/bench/threadCpu.ts';

// Where a process's CPU goes, by thread, from Linux's /proc: the event loop (the thread lookups wait on), Node's
// worker threads (report bodies, the SQLite writers), and V8's and libuv's helpers (concurrent garbage collection,
// compilation, the thread pool). CPU time is what a report costs whatever else runs; p99 on 2 shared cores is not.

export interface ThreadCpu {
  eventLoop: number;
  workers: number;
  helpers: number;
}

/** V8's and libuv's own threads, by the name Linux shows (truncated to 15 characters). */
const HELPERS = /^(V8Worker|DelayedTaskSche|SignalInspector|libuv-worker|node)$/;

/** CPU seconds so far of each of the process's threads, summed by kind. */
export const threadCpu = (pid: number): ThreadCpu =>
  cpuByKind(pid, ['eventLoop', 'workers', 'helpers'], ({ main, name }) =>
    main ? 'eventLoop' : HELPERS.test(name) ? 'helpers' : 'workers',
  );

export const cpuDelta = (before: ThreadCpu, after: ThreadCpu): ThreadCpu => ({
  eventLoop: after.eventLoop - before.eventLoop,
  workers: after.workers - before.workers,
  helpers: after.helpers - before.helpers,
});
