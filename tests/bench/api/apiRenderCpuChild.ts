import { pathToFileURL } from 'node:url';
import type { RenderPage, TraceWireAnswer } from '../../../src/contract/traceContract.ts';

// Run by apiRenderCpu.ts, once with PAGE_RENDER_CACHE=off and once with the cache on: prints, as JSON,
// the CPU of one lookup page's server render of the module given (its path the argument), for one
// counted code whose counts change on every lookup (issue 26), as a shop's shoppers scanning one
// product make them. A process each: a module's state (its cache) is the process's.

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

async function cpuPerPage(module: RenderModule, pages: number, firstLookups: number): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < pages; i++) {
    const lookups = firstLookups + i;
    await module.renderPage({ url: `/dt?qr=${CODE}`, acceptLanguage: 'vi', answerTrace: async () => answer(lookups) });
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / pages;
}

const PAGES = 200;
const ROUNDS = 3;
const module = (await import(pathToFileURL(process.argv[2]!).href)) as RenderModule;
// Warm-up: the JIT, and the cache's templates of a first count and of the counts after it.
await cpuPerPage(module, 1, 2);
const learnBy = Date.now() + LEARN_TIMEOUT_MS;
while (process.env.PAGE_RENDER_CACHE !== 'off' && module.renderCacheStats().templates === 0 && Date.now() < learnBy) {
  await new Promise((resolve) => setTimeout(resolve, 20));
}
await cpuPerPage(module, PAGES, 3);
const figures: number[] = [];
for (let round = 1; round <= ROUNDS; round++) figures.push(await cpuPerPage(module, PAGES, 3 + round * PAGES));
const median = [...figures].sort((a, b) => a - b)[Math.floor(figures.length / 2)]!;
console.log(JSON.stringify({ ms: median, filled: module.renderCacheStats().filled }));
