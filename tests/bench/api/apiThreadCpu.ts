import { readdirSync, readFileSync } from 'node:fs';

// Where a service's CPU goes, by thread, from Linux's /proc: what counting costs on the thread that answers
// lookups, in its counts writer, and in V8's helper threads (concurrent garbage collection, compilation).
// A CPU profile of the service on this shared 2-core machine counted time waiting for a core as busy (it
// put the writer at ~30 µs a lookup; /proc says 5-7); these are CPU times.

export interface ThreadCpu {
  /** The event loop's thread: lookups, the counter, the batches' preparation and replies. */
  main: number;
  /** The lookup counts' writer (server/db/sqlite/checkWriter.ts), Node's only worker thread here. */
  writer: number;
  /** Everything else: V8's helper threads, libuv's pool. */
  other: number;
}

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
  const cpu: ThreadCpu = { main: 0, writer: 0, other: 0 };
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let name = '';
    try {
      name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    const kind = tid === String(pid) ? 'main' : name === 'WorkerThread' ? 'writer' : 'other';
    cpu[kind] += seconds(`/proc/${pid}/task/${tid}/stat`);
  }
  return cpu;
}

/** `after` minus `before`, in µs per request. */
export const perRequest = (before: ThreadCpu, after: ThreadCpu, requests: number): ThreadCpu => ({
  main: ((after.main - before.main) * 1e6) / requests,
  writer: ((after.writer - before.writer) * 1e6) / requests,
  other: ((after.other - before.other) * 1e6) / requests,
});
