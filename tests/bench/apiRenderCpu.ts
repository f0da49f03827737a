import { pathToFileURL } from 'node:url';
import type { RenderPage, TraceWireAnswer } from '../../src/api/traceContract.ts';

// The CPU of one lookup page's server render in this process (issue 27 point 6): without any cache
// (PAGE_RENDER_CACHE=off), and from the render cache for one counted code whose counts change on every
// lookup (issue 26), as a shop's shoppers scanning one product make them.

interface RenderModule {
  renderPage: RenderPage;
  renderCacheStats: () => { filled: number; templates: number };
}

const CODE = '1D24B3261X54A2320';
/** A bounded wait for the cache to learn the first page in the background. */
const LEARN_TIMEOUT_MS = 30_000;

function answer(lookups: number): TraceWireAnswer {
  const product = {
    Code: CODE,
    ProductUnit: 'lon',
    ProductCode: 'SB900G',
    ProductName: 'Sữa bột Đồng Xanh Gold 900g',
    Weight: 900,
    WeightType: 'gam',
    ProductDate: '2026-06-12',
    ExpireDate: '2028-06-12',
    LotStatus: 'active',
    ImageUrl: '/qrinfo-svc/api/images/0123456789abcdef0123456789abcdef.svg',
  };
  const Checks = { FirstDay: '2026-11-01', Lookups: lookups, Devices: Math.ceil(lookups / 2), Caution: false };
  return { status: 200, body: { Data: { Products: [product as never], Box: [] }, Checks } };
}

let instances = 0;
async function load(ssrEntry: string, cache: 'on' | 'off'): Promise<RenderModule> {
  process.env.PAGE_RENDER_CACHE = cache;
  try {
    // Each its own module instance, so each has its own cache.
    return (await import(`${pathToFileURL(ssrEntry).href}?renderCpu=${++instances}`)) as RenderModule;
  } finally {
    delete process.env.PAGE_RENDER_CACHE;
  }
}

async function cpuPerPage(module: RenderModule, pages: number, firstLookups: number): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < pages; i++) {
    const lookups = firstLookups + i;
    await module.renderPage({ url: `/dt?qr=${CODE}`, acceptLanguage: 'vi', answerTrace: async () => answer(lookups) });
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / pages;
}

/** Milliseconds of CPU per page, median of `rounds`, each of `pages` pages after as many to warm up. */
export async function renderCpu(ssrEntry: string, { pages = 200, rounds = 3 } = {}) {
  const uncached = await load(ssrEntry, 'off');
  const cached = await load(ssrEntry, 'on');
  await cpuPerPage(uncached, pages, 2);
  await cpuPerPage(cached, 1, 2);
  const learnBy = Date.now() + LEARN_TIMEOUT_MS;
  while (cached.renderCacheStats().templates === 0 && Date.now() < learnBy) await new Promise((resolve) => setTimeout(resolve, 20));
  await cpuPerPage(cached, pages, 3);
  const figures = { uncached: [] as number[], cached: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    figures.uncached.push(await cpuPerPage(uncached, pages, 2));
    figures.cached.push(await cpuPerPage(cached, pages, 3 + (round + 1) * pages));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { uncachedMs: median(figures.uncached), cachedMs: median(figures.cached), filled: cached.renderCacheStats().filled };
}
