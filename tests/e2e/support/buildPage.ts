import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

/**
 * Builds the page (`vite build`, as `npm run build` does) into a fresh temporary folder and returns it.
 * A private folder, not dist/: a build started by someone else meanwhile would swap the hashed chunks
 * under the running server, and the test would run against code it did not build.
 */
export async function buildPage(): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), 'trace-page-'));
  const child = spawn(join(REPO_ROOT, 'node_modules/.bin/vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolveExit) => child.once('exit', resolveExit));
  if (code !== 0) throw new Error(`vite build failed (${code}):\n${output}`);
  return outDir;
}
