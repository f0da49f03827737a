import { join } from 'node:path';
import { REPO_ROOT, runTs } from '../../support/system/childProcess.ts';

// The CPU of one lookup page's server render (issue 27 point 6), no HTTP nor lookup: without any cache
// (PAGE_RENDER_CACHE=off), and from the render cache for one counted code whose counts change on every
// lookup (issue 26). Each in a process of its own (apiRenderCpuChild.ts).

const CHILD = join(REPO_ROOT, 'tests/bench/api/apiRenderCpuChild.ts');

async function measured(ssrEntry: string, cache: 'on' | 'off'): Promise<{ ms: number; filled: number }> {
  const { code, stdout, stderr } = await runTs(CHILD, {
    args: [ssrEntry],
    env: { PAGE_RENDER_CACHE: cache },
    timeoutMs: 120_000,
  });
  if (code !== 0) throw new Error(`measuring renders (cache ${cache}) failed (${code}):\n${stdout}${stderr}`);
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { ms: number; filled: number };
}

/** Milliseconds of CPU per page, without any cache and from the cache, and how many pages the cache filled. */
export async function renderCpu(ssrEntry: string) {
  const uncached = await measured(ssrEntry, 'off');
  const cached = await measured(ssrEntry, 'on');
  return { uncachedMs: uncached.ms, cachedMs: cached.ms, filled: cached.filled };
}
