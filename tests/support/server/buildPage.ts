import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, runProcess, runTs } from '../system/childProcess.ts';

/** A build of the page: the files the service serves, and the module it renders pages with. */
export interface BuiltPage {
  staticDir: string;
  ssrEntry: string;
}

async function vite(args: string[]): Promise<void> {
  const { code, stdout, stderr } = await runProcess(join(REPO_ROOT, 'node_modules/.bin/vite'), {
    args: [...args, '--logLevel', 'warn'],
    // Vitest sets NODE_ENV=test, which would give React's development build: test what ships.
    env: { NODE_ENV: 'production' },
    timeoutMs: 180_000,
  });
  if (code !== 0) throw new Error(`vite ${args.join(' ')} failed (${code}):\n${stdout}${stderr}`);
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
  await vite(['build', '--ssr', 'src/ssr/entry-server.tsx', '--outDir', ssrDir, '--emptyOutDir']);
  const shell = await runTs(join(REPO_ROOT, 'scripts/prerenderShell.ts'), {
    args: ['--page', staticDir, '--ssr', ssrDir],
    timeoutMs: 60_000,
  });
  if (shell.code !== 0)
    throw new Error(`prerendering the shell failed (${shell.code}):\n${shell.stdout}${shell.stderr}`);
  return { root, staticDir, ssrEntry: join(ssrDir, 'entry-server.js') };
}
