import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

// The one way tests and benches start a process of ours: the service, any other TypeScript entry (the
// import command, the bench's bare server) or a plain command. Nothing waits on time: a start resolves
// on the line the process prints once it is ready, and every wait has a deadline that fails with what
// the process printed.

export const REPO_ROOT = join(import.meta.dirname, '../../..');

/** What server/main.ts prints once it listens, whatever LOG_LEVEL; with PORT=0 the only place that names its port. */
const SERVICE_READY = /^Trace service ready at (http:\/\/\S+)$/;

const START_TIMEOUT_MS = 30_000;
const RUN_TIMEOUT_MS = 60_000;
const WAIT_TIMEOUT_MS = 30_000;
// Under vitest's default hook timeout (10 s), so an afterAll that stops a stuck process still ends in time.
const STOP_GRACE_MS = 5_000;
/** Kept per stream: a service that logs every request must not grow a bench's memory without bound. */
const KEPT_CHARS = 1_000_000;
/** Of the output, in a failure message. */
const SHOWN_CHARS = 8_000;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ProcessOptions {
  args?: readonly string[];
  /** Added to this process's environment. */
  env?: Record<string, string>;
  /**
   * Words before the command, e.g. `nsenter --target=<pid> --mount --` to run it in another mount
   * namespace. They must exec the command, so that signals and `pid` reach the command itself.
   */
  prefix?: readonly string[];
}

export interface StartOptions extends ProcessOptions {
  /** The stdout line that says the process is ready; its match becomes `ready`. */
  ready: RegExp;
  /** For the ready line; past it the process is killed and the start fails. */
  timeoutMs?: number;
  /** 'pipe' leaves standard input open until `child.stdin` is ended, for a process that lives as long as it. */
  stdin?: 'ignore' | 'pipe';
}

export interface RunOptions extends ProcessOptions {
  /** For the exit; past it the process is killed and the run fails. */
  timeoutMs?: number;
}

export interface RunningProcess {
  child: ChildProcess;
  pid: number;
  /** The ready line's match. */
  ready: RegExpMatchArray;
  /** Standard output line by line (once it passes about 1 MB, only the newest lines). */
  lines: string[];
  stdout(): string;
  stderr(): string;
  /** Both streams, for failure messages. */
  output(): string;
  /** The first stdout line, past or future, that matches; rejects if the process exits first, or at the deadline. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Settles once the process has exited and all it printed is read. */
  exited: Promise<Exit>;
  /** SIGTERM, then SIGKILL if it is still running after `graceMs`; resolves with how it ended. */
  stop(graceMs?: number): Promise<Exit>;
}

export interface Finished extends Exit {
  stdout: string;
  stderr: string;
}

/** A stream's text, of which at least the newest KEPT_CHARS are kept. */
function tail() {
  let text = '';
  return {
    append(chunk: string) {
      text += chunk;
      if (text.length > 2 * KEPT_CHARS) text = text.slice(-KEPT_CHARS);
    },
    text: () => text,
  };
}

interface Waiter {
  pattern: RegExp;
  resolve: (match: RegExpMatchArray) => void;
  reject: (error: Error) => void;
}

const describeExit = ({ code, signal }: Exit) => (signal ? `signal ${signal}` : `code ${code}`);

/** Spawns `command` and reads all it prints; stdout is always drained, so a chatty log never stalls it. */
function watch(command: string, { args = [], env = {}, prefix = [] }: ProcessOptions, stdin: 'ignore' | 'pipe') {
  const argv = [...prefix, command, ...args];
  const name = [command, ...args].join(' ');
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: [stdin, 'pipe', 'pipe'],
  });
  const stdout = tail();
  const stderr = tail();
  const lines: string[] = [];
  let lineChars = 0;
  const waiters = new Set<Waiter>();
  let ended: Exit | undefined;
  let spawnError: Error | undefined;

  const output = () => `${stdout.text()}${stderr.text() ? `\n[stderr]\n${stderr.text()}` : ''}`;
  const shown = () => {
    const text = output();
    return text.length > SHOWN_CHARS ? `…${text.slice(-SHOWN_CHARS)}` : text;
  };
  const onLine = (line: string) => {
    lines.push(line);
    lineChars += line.length;
    if (lineChars > 2 * KEPT_CHARS) {
      let drop = 0;
      while (lineChars > KEPT_CHARS) lineChars -= lines[drop++]!.length;
      lines.splice(0, drop);
    }
    for (const waiter of waiters) {
      const match = line.match(waiter.pattern);
      if (match) {
        waiters.delete(waiter);
        waiter.resolve(match);
      }
    }
  };

  let partial = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    stdout.append(chunk);
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
  });
  child.stdout!.on('end', () => {
    if (partial) onLine(partial);
    partial = '';
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => stderr.append(chunk));

  // 'close', not 'exit': only then has every byte the process printed been read.
  const exited = new Promise<Exit>((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => {
      spawnError = error;
      if (child.pid === undefined) resolve({ code: null, signal: null });
    });
  }).then((exit) => {
    ended = exit;
    const why = spawnError ? `could not start (${spawnError.message})` : `exited (${describeExit(exit)})`;
    for (const waiter of waiters)
      waiter.reject(new Error(`${name} ${why} before printing ${waiter.pattern}:\n${shown()}`));
    waiters.clear();
    return exit;
  });

  const waitForLine = (pattern: RegExp, timeoutMs = WAIT_TIMEOUT_MS) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      for (const line of lines) {
        const match = line.match(pattern);
        if (match) return resolve(match);
      }
      if (ended)
        return reject(new Error(`${name} exited (${describeExit(ended)}) without printing ${pattern}:\n${shown()}`));
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`${name} did not print ${pattern} within ${timeoutMs} ms:\n${shown()}`));
      }, timeoutMs);
      const waiter: Waiter = {
        pattern,
        resolve: (match) => {
          clearTimeout(timer);
          resolve(match);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      waiters.add(waiter);
    });

  const stop = async (graceMs = STOP_GRACE_MS): Promise<Exit> => {
    if (ended) return ended;
    child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const overdue = new Promise<'overdue'>((resolve) => (timer = setTimeout(() => resolve('overdue'), graceMs)));
    if ((await Promise.race([exited, overdue])) === 'overdue') child.kill('SIGKILL');
    clearTimeout(timer);
    return exited;
  };

  const watched: Omit<RunningProcess, 'ready' | 'pid'> = {
    child,
    lines,
    stdout: stdout.text,
    stderr: stderr.text,
    output,
    waitForLine,
    exited,
    stop,
  };
  return { watched, name, shown, spawnError: () => spawnError };
}

/** Starts `command` and resolves once it prints a line matching `ready`. */
export async function startProcess(
  command: string,
  { ready, timeoutMs = START_TIMEOUT_MS, stdin = 'ignore', ...options }: StartOptions,
): Promise<RunningProcess> {
  const { watched } = watch(command, options, stdin);
  try {
    const match = await watched.waitForLine(ready, timeoutMs);
    return { ...watched, ready: match, pid: watched.child.pid! };
  } catch (error) {
    await watched.stop(0);
    throw error;
  }
}

/** Runs `command` to its end; the exit code is the caller's to judge. */
export async function runProcess(
  command: string,
  { timeoutMs = RUN_TIMEOUT_MS, ...options }: RunOptions = {},
): Promise<Finished> {
  const { watched, name, shown, spawnError } = watch(command, options, 'ignore');
  let timer: NodeJS.Timeout | undefined;
  const overdue = new Promise<'overdue'>((resolve) => (timer = setTimeout(() => resolve('overdue'), timeoutMs)));
  const outcome = await Promise.race([watched.exited, overdue]);
  clearTimeout(timer);
  if (outcome === 'overdue') {
    await watched.stop(0);
    throw new Error(`${name} did not exit within ${timeoutMs} ms:\n${shown()}`);
  }
  const error = spawnError();
  if (error) throw new Error(`${name} could not start: ${error.message}`);
  return { ...outcome, stdout: watched.stdout(), stderr: watched.stderr() };
}

/**
 * With tsx, as the npm scripts do, but as one process (`node --import tsx`, not tsx's CLI, which runs
 * the entry in a child of its own): `pid` is the entry's, for the benches that read its CPU time and
 * descriptors from /proc, and signals reach it without a relay.
 */
const tsArgs = (entry: string, args: readonly string[] = []) => ['--import', 'tsx', entry, ...args];

/** Starts a TypeScript entry of this repository (e.g. 'tests/bench/api/apiBareServer.ts'); see `startProcess`. */
export function startTs(entry: string, options: StartOptions): Promise<RunningProcess> {
  return startProcess(process.execPath, { ...options, args: tsArgs(entry, options.args) });
}

/** Runs a TypeScript entry of this repository (e.g. 'server/cli/import.ts') to its end; see `runProcess`. */
export function runTs(entry: string, options: RunOptions = {}): Promise<Finished> {
  return runProcess(process.execPath, { ...options, args: tsArgs(entry, options.args) });
}

export interface ServiceProcess extends RunningProcess {
  /** Where it listens, from its ready line, e.g. http://127.0.0.1:41234. */
  url: string;
}

/**
 * The trace service (server/main.ts, which `npm run serve` runs) on loopback, on a port the system picks
 * as it binds: no port is chosen beforehand, so none can be taken by someone else in between.
 */
export async function startService(
  env: Record<string, string>,
  options: Omit<StartOptions, 'ready' | 'env' | 'args'> = {},
): Promise<ServiceProcess> {
  const service = await startTs('server/main.ts', {
    ...options,
    // Not production unless a test says so: a production service refuses SEED_DEMO=1, and a script
    // that ran Vite in process (which sets NODE_ENV=production) would pass that on.
    env: { PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'test', ...env },
    ready: SERVICE_READY,
  });
  return { ...service, url: service.ready[1]! };
}
