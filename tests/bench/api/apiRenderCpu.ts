import { join } from 'node:path';
import { REPO_ROOT, runTs } from '../../support/system/childProcess.ts';

// The CPU of one lookup page's server render (issue 27 point 6), no HTTP nor lookup: without any cache
// (PAGE_RENDER_CACHE=off), and from the render cache for one counted code whose counts change on every
// lookup (issue 26); and of a carton's page by its number of unit codes (issue 37 point 4). Each in a
// process of its own (apiRenderCpuChild.ts). Run alone for these figures only, with the built page:
//
//   npm run build && tsx tests/bench/api/apiRenderCpu.ts dist-ssr/entry-server.js [<another build's entry-server.js>...]

const CHILD = join(REPO_ROOT, 'tests/bench/api/apiRenderCpuChild.ts');
/** The carton sizes measured: one unit, and the 50,000 codes (1 MiB) an upstream answer may hold; BENCH_CARTON_UNITS (e.g. "1,2000") for others. */
const CARTON_UNITS = (process.env.BENCH_CARTON_UNITS ?? '1,50000').split(',').filter(Boolean).map(Number);

async function measured<Figures>(ssrEntry: string, cache: 'on' | 'off', args: string[] = []): Promise<Figures> {
  const { code, stdout, stderr } = await runTs(CHILD, {
    args: [ssrEntry, ...args],
    env: { PAGE_RENDER_CACHE: cache },
    timeoutMs: 300_000,
  });
  if (code !== 0) throw new Error(`measuring renders (cache ${cache}) failed (${code}):\n${stdout}${stderr}`);
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Figures;
}

/** Milliseconds of CPU per page, without any cache and from the cache, and how many pages the cache filled. */
export async function renderCpu(ssrEntry: string) {
  const uncached = await measured<{ ms: number }>(ssrEntry, 'off');
  const cached = await measured<{ ms: number; filled: number }>(ssrEntry, 'on');
  return { uncachedMs: uncached.ms, cachedMs: cached.ms, filled: cached.filled };
}

interface CartonFigures {
  missMs: number;
  filledMs: number;
  templates: number;
}

/** Per carton size: the page rendered without any cache, a new one rendered and learned, another filled in. */
export async function cartonCpu(ssrEntry: string) {
  const rows = [];
  for (const units of CARTON_UNITS) {
    const args = ['--carton', String(units)];
    const uncached = await measured<CartonFigures>(ssrEntry, 'off', args);
    const cached = await measured<CartonFigures>(ssrEntry, 'on', args);
    rows.push({ units, uncachedMs: uncached.missMs, learnedMs: cached.missMs, filledMs: cached.filledMs });
  }
  return rows;
}

/** The figures' lines, as bench:api prints them. */
export function renderCpuLines(
  pageCpu: Awaited<ReturnType<typeof renderCpu>>,
  cartons: Awaited<ReturnType<typeof cartonCpu>>,
): string[] {
  return [
    `One lookup page rendered without any cache (PAGE_RENDER_CACHE=off): ${pageCpu.uncachedMs.toFixed(2)} ms CPU ` +
      `(${(1000 / pageCpu.uncachedMs).toFixed(0)} pages/s of one core); from the render cache, one counted code whose counts ` +
      `change on every lookup: ${pageCpu.cachedMs.toFixed(2)} ms (${(1000 / pageCpu.cachedMs).toFixed(0)} pages/s), ${pageCpu.filled} pages filled`,
    ...cartons.map(
      ({ units, uncachedMs, learnedMs, filledMs }) =>
        `  a carton of ${units.toLocaleString('en')} unit codes (with its copy in the other language): ` +
        `${uncachedMs.toFixed(1)} ms CPU rendered without cache, ${learnedMs.toFixed(1)} ms rendered and learned ` +
        `(its check renders included), ${filledMs.toFixed(1)} ms filled from the cache`,
    ),
  ];
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  // Each build's figures in one run, one after the other.
  for (const ssrEntry of process.argv.slice(2)) {
    console.log(ssrEntry);
    for (const line of renderCpuLines(await renderCpu(ssrEntry), await cartonCpu(ssrEntry))) console.log(line);
  }
}
