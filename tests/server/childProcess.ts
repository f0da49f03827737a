import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Runs a server/ TypeScript entry point the way the npm scripts do (tsx), from the repository root. */
export function runTs(entry: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export async function runToEnd(entry: string, args: string[], env: Record<string, string>) {
  const child = runTs(entry, args, env);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number];
  return { code, stdout, stderr };
}

export interface WatchedProcess {
  child: ChildProcess;
  /** Every stdout line so far; stdout is always drained so a chatty log never blocks the child. */
  lines: string[];
  /** Resolves with the first line (past or future) that matches: tests wait for events, not for time. */
  waitForLine(pattern: RegExp): Promise<RegExpMatchArray>;
}

export function watch(child: ChildProcess): WatchedProcess {
  const lines: string[] = [];
  const waiters = new Set<{ pattern: RegExp; resolve: (match: RegExpMatchArray) => void }>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const waiter of waiters) {
      const match = line.match(waiter.pattern);
      if (match) {
        waiters.delete(waiter);
        waiter.resolve(match);
      }
    }
  });
  child.stderr?.resume();
  return {
    child,
    lines,
    waitForLine: (pattern) =>
      new Promise((resolve, reject) => {
        for (const line of lines) {
          const match = line.match(pattern);
          if (match) return resolve(match);
        }
        waiters.add({ pattern, resolve });
        child.once('exit', (code) => reject(new Error(`process exited (${code}) before logging ${pattern}`)));
      }),
  };
}
