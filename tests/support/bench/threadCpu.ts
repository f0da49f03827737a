import { readdirSync, readFileSync } from 'node:fs';

// Where a process's CPU goes, by thread, from Linux's /proc. A CPU profile of a service on a shared 2-core machine
// counts time spent waiting for a core as busy; /proc counts CPU time only. Each bench sorts the threads into the
// kinds it reports (bench:api: the event loop, the counts writer, the rest; bench:reports: the event loop, Node's
// worker threads, V8's and libuv's helpers).

/** One thread of a process, as Linux shows it. */
export interface ThreadTime {
  /** The process's first thread: Node's event loop. */
  main: boolean;
  /** Its name, truncated by Linux to 15 characters (V8Worker, WorkerThread, libuv-worker...). */
  name: string;
  /** CPU seconds so far, user and system. */
  seconds: number;
}

const seconds = (statPath: string): number => {
  try {
    const fields = readFileSync(statPath, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0; // the thread ended meanwhile
  }
};

/** CPU seconds so far of each of the process's threads. */
export function threadTimes(pid: number): ThreadTime[] {
  const threads: ThreadTime[] = [];
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let name: string;
    try {
      name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
    } catch {
      continue; // the thread ended meanwhile
    }
    threads.push({ main: tid === String(pid), name, seconds: seconds(`/proc/${pid}/task/${tid}/stat`) });
  }
  return threads;
}

/** CPU seconds so far of the process's threads, summed by the kind `kindOf` gives each. */
export function cpuByKind<Kind extends string>(
  pid: number,
  kinds: readonly Kind[],
  kindOf: (thread: ThreadTime) => Kind,
): Record<Kind, number> {
  const cpu = Object.fromEntries(kinds.map((kind) => [kind, 0])) as Record<Kind, number>;
  for (const thread of threadTimes(pid)) cpu[kindOf(thread)] += thread.seconds;
  return cpu;
}

/** CPU seconds so far of the whole process. */
export const processCpu = (pid: number): number => seconds(`/proc/${pid}/stat`);
