import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A real small filesystem (tmpfs) at `dir`, seen only by the processes started through `run`: the
 * mount lives in a mount namespace of its own, held by one `unshare` process, and vanishes with it,
 * even if the test dies. A full tmpfs gives ENOSPC and a read-only one EROFS to root as to anyone,
 * where chmod would not stop root. Needs root (CAP_SYS_ADMIN), as the tests and CI run here.
 */
export interface SmallDisk {
  dir: string;
  /** The same folder as seen from outside the namespace, for plain file checks (not for SQLite). */
  outsidePath(name?: string): string;
  run(command: string, args: string[], env?: Record<string, string>): ChildProcess;
  runToEnd(command: string, args: string[], env?: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }>;
  /** A TypeScript entry point of this repository, run the way the npm scripts run it. */
  runTs(entry: string, args: string[], env?: Record<string, string>): ChildProcess;
  remount(options: string): Promise<void>;
  release(): Promise<void>;
}

export async function mountSmallDisk(sizeKiB: number): Promise<SmallDisk> {
  const dir = mkdtempSync(join(tmpdir(), 'trace-disk-'));
  // `cat` holds the namespace open until its standard input closes.
  const holder = spawn(
    'unshare',
    ['--mount', '--propagation', 'private', 'sh', '-c', `mount -t tmpfs -o size=${sizeKiB}k tmpfs "$0" && echo mounted && exec cat`, dir],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = once(holder, 'exit');
  const mounted = await Promise.race([
    new Promise<boolean>((resolve) => createInterface({ input: holder.stdout! }).once('line', (line) => resolve(line === 'mounted'))),
    exited.then(() => false),
  ]);
  if (!mounted) throw new Error('could not mount a tmpfs in a private mount namespace (needs root)');

  const run = (command: string, args: string[], env: Record<string, string> = {}) =>
    spawn('nsenter', [`--target=${holder.pid}`, '--mount', `--wd=${ROOT}`, '--', command, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const runToEnd = async (command: string, args: string[], env: Record<string, string> = {}) => {
    const child = run(command, args, env);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => (stdout += chunk));
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    const [code] = (await once(child, 'exit')) as [number];
    return { code, stdout, stderr };
  };
  return {
    dir,
    outsidePath: (name = '') => join(`/proc/${holder.pid}/root`, dir, name),
    run,
    runToEnd,
    runTs: (entry, args, env) => run(process.execPath, ['--import', 'tsx', entry, ...args], env),
    remount: async (options) => {
      const result = await runToEnd('mount', ['-o', `remount,${options}`, dir]);
      if (result.code !== 0) throw new Error(`remount ${options} failed: ${result.stderr}`);
    },
    release: async () => {
      holder.stdin?.end();
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
