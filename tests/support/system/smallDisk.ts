import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, runProcess, startProcess } from './childProcess.ts';

/**
 * A real small filesystem (tmpfs) at `dir`, seen only by the processes started with `inside` before
 * them: the mount lives in a mount namespace of its own, held by one `unshare` process, and vanishes
 * with it, even if the test dies. A full tmpfs gives ENOSPC and a read-only one EROFS to root as to
 * anyone, where chmod would not stop root. Needs root (CAP_SYS_ADMIN), as the tests and CI run here.
 */
export interface SmallDisk {
  dir: string;
  /** The same folder as seen from outside the namespace, for plain file checks (not for SQLite). */
  outsidePath(name?: string): string;
  /** The `prefix` (tests/support/system/childProcess.ts) that starts a process inside the namespace. */
  inside: readonly string[];
  remount(options: string): Promise<void>;
  release(): Promise<void>;
}

export async function mountSmallDisk(sizeKiB: number): Promise<SmallDisk> {
  const dir = mkdtempSync(join(tmpdir(), 'trace-disk-'));
  // `cat` holds the namespace until its standard input closes: when released, or when the test dies.
  const holder = await startProcess('unshare', {
    args: [
      '--mount',
      '--propagation',
      'private',
      'sh',
      '-c',
      `mount -t tmpfs -o size=${sizeKiB}k tmpfs "$0" && echo mounted && exec cat`,
      dir,
    ],
    ready: /^mounted$/,
    stdin: 'pipe',
  }).catch((error: unknown) => {
    rmSync(dir, { recursive: true, force: true });
    throw new Error('could not mount a tmpfs in a private mount namespace (needs root)', { cause: error });
  });
  const { pid } = holder;
  // unshare and sh exec what follows them, so the holder's pid is the namespace's to the end.
  const inside = ['nsenter', `--target=${pid}`, '--mount', `--wd=${REPO_ROOT}`, '--'];
  return {
    dir,
    inside,
    outsidePath: (name = '') => join(`/proc/${pid}/root`, dir, name),
    remount: async (options) => {
      const result = await runProcess('mount', { args: ['-o', `remount,${options}`, dir], prefix: inside });
      if (result.code !== 0) throw new Error(`remount ${options} failed: ${result.stderr}`);
    },
    release: async () => {
      await holder.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
