import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

/** A build of the page: the files the service serves, and the module it renders pages with. */
export interface BuiltPage {
  staticDir: string;
  ssrEntry: string;
}

/** The build `npm run build` writes into the repository. */
export const REPO_BUILD: BuiltPage = { staticDir: join(REPO_ROOT, 'dist'), ssrEntry: join(REPO_ROOT, 'dist-ssr/entry-server.js') };

async function vite(args: string[]): Promise<void> {
  const child = spawn(join(REPO_ROOT, 'node_modules/.bin/vite'), [...args, '--logLevel', 'warn'], {
    cwd: REPO_ROOT,
    // Vitest sets NODE_ENV=test, which would give React's development build: test what ships.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolveExit) => child.once('exit', resolveExit));
  if (code !== 0) throw new Error(`vite ${args.join(' ')} failed (${code}):\n${output}`);
}

/**
 * Builds the page as `npm run build` does (the browser build, then the server-render build) into a fresh
 * temporary folder. A private folder, not dist/: a build started by someone else meanwhile would swap
 * the hashed chunks under the running server, and the test would run against code it did not build.
 * Remove `root` when done.
 */
export async function buildPage(): Promise<BuiltPage & { root: string }> {
  const root = await mkdtemp(join(tmpdir(), 'trace-page-'));
  const staticDir = join(root, 'page');
  const ssrDir = join(root, 'ssr');
  await vite(['build', '--outDir', staticDir, '--emptyOutDir']);
  await vite(['build', '--ssr', 'src/entry-server.tsx', '--outDir', ssrDir, '--emptyOutDir']);
  return { root, staticDir, ssrEntry: join(ssrDir, 'entry-server.js') };
}
