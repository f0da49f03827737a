import { readdirSync, readFileSync } from 'node:fs';

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

const seconds = (statPath: string): number => {
  try {
    const fields = readFileSync(statPath, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0; // the thread ended meanwhile
  }
};

/** CPU seconds so far of each of the process's threads, summed by kind. */
export function threadCpu(pid: number): ThreadCpu {
  const cpu: ThreadCpu = { eventLoop: 0, workers: 0, helpers: 0 };
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let name = '';
    try {
      name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    const kind = tid === String(pid) ? 'eventLoop' : HELPERS.test(name) ? 'helpers' : 'workers';
    cpu[kind] += seconds(`/proc/${pid}/task/${tid}/stat`);
  }
  return cpu;
}

/** CPU seconds so far of the whole process. */
export const processCpu = (pid: number): number => seconds(`/proc/${pid}/stat`);

export const cpuDelta = (before: ThreadCpu, after: ThreadCpu): ThreadCpu => ({
  eventLoop: after.eventLoop - before.eventLoop,
  workers: after.workers - before.workers,
  helpers: after.helpers - before.helpers,
});
