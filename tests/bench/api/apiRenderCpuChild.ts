import { pathToFileURL } from 'node:url';
import type { RenderPage, TraceWireAnswer } from '../../../src/contract/traceContract.ts';

// Run by apiRenderCpu.ts, once with PAGE_RENDER_CACHE=off and once with the cache on: prints, as JSON,
// the CPU of one lookup page's server render of the module given (its path the first argument). Without
// a second argument, for one counted code whose counts change on every lookup (issue 26), as a shop's
// shoppers scanning one product make them. With `--carton <units>`, for cartons of that many unit codes
// (issue 37 point 4): with the cache on, a new carton's page (a cache miss) with its learning in the
// background (its check renders) counted in, then another carton of as many units filled in from the
// cache. A process each: a module's state (its cache) is the process's.

interface RenderModule {
  renderPage: RenderPage;
  // checksFailed and learnsDropped are this build's; an older build (bench:api --render-beside) lacks them.
  renderCacheStats: () => { filled: number; templates: number; checksFailed?: number; learnsDropped?: number };
}

const CODE = '1D24B3261X54A2320';
/** A bounded wait for the cache to learn a page in the background. */
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
  const Checks = { FirstDay: '2026-11-01', Lookups: lookups, Networks: Math.ceil(lookups / 2), Caution: false };
  return { status: 200, body: { Data: { Products: [product as never], Box: [] }, Checks } };
}

/** Carton `n`'s code, and its `units` unit codes: of one shape, so each carton of a size fills the same template. */
const cartonCode = (n: number) => `2C${String(n).padStart(6, '0')}X54A2320B`;
function carton(n: number, units: number): TraceWireAnswer {
  const UnitCodes = Array.from(
    { length: units },
    (_, i) => `3U${String(n).padStart(4, '0')}${String(i).padStart(6, '0')}AB1`,
  );
  const box = {
    Code: cartonCode(n),
    ProductUnit: 'thùng',
    ProductCode: 'ST180ID',
    ProductName: 'Sữa tươi tiệt trùng ít đường 180ml',
    ProductDate: '2026-11-05',
    ExpireDate: '2027-05-05',
    TotalPacket: units,
    UnitCodes,
  };
  return { status: 200, body: { Data: { Products: [], Box: [box as never] } } };
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

async function cpuPerPage(module: RenderModule, pages: number, firstLookups: number): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < pages; i++) {
    const lookups = firstLookups + i;
    await module.renderPage({ url: `/dt?qr=${CODE}`, acceptLanguage: 'vi', answerTrace: async () => answer(lookups) });
  }
  return cpuMs(before) / pages;
}

/** Until the cache has learned (or given up on) as many pages as `done` says it must have, at most LEARN_TIMEOUT_MS. */
async function learned(module: RenderModule, done: (stats: ReturnType<RenderModule['renderCacheStats']>) => boolean) {
  const by = Date.now() + LEARN_TIMEOUT_MS;
  while (process.env.PAGE_RENDER_CACHE !== 'off' && !done(module.renderCacheStats()) && Date.now() < by)
    await new Promise((resolve) => setTimeout(resolve, 5));
}

const median = (figures: number[]) => [...figures].sort((a, b) => a - b)[Math.floor(figures.length / 2)]!;

async function countedCode(module: RenderModule) {
  const PAGES = 200;
  const ROUNDS = 3;
  // Warm-up: the JIT, and the cache's templates of a first count and of the counts after it.
  await cpuPerPage(module, 1, 2);
  await learned(module, ({ templates }) => templates > 0);
  await cpuPerPage(module, PAGES, 3);
  const figures: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) figures.push(await cpuPerPage(module, PAGES, 3 + round * PAGES));
  return { ms: median(figures), filled: module.renderCacheStats().filled };
}

/** A new carton's page (a miss, and its learning), then another one of as many units (filled), a few times each. */
async function cartons(module: RenderModule, units: number) {
  const ROUNDS = 3;
  const page = (n: number, size: number) =>
    module.renderPage({
      url: `/dt?qr=${cartonCode(n)}`,
      acceptLanguage: 'vi',
      answerTrace: async () => carton(n, size),
    });
  const settled = (stats: ReturnType<RenderModule['renderCacheStats']>) =>
    stats.templates + (stats.checksFailed ?? 0) + (stats.learnsDropped ?? 0);
  // Warm-up: the JIT, on a carton of another size.
  await page(0, units + 1000);
  await learned(module, (stats) => settled(stats) >= 2);
  const missed: number[] = [];
  const filled: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // Each round's cartons hold a number of units of their own: a new key, so a miss.
    const size = units + round;
    const before = process.cpuUsage();
    const done = settled(module.renderCacheStats()) + 2;
    await page(2 * round, size);
    await learned(module, (stats) => settled(stats) >= done);
    missed.push(cpuMs(before));
    const again = process.cpuUsage();
    await page(2 * round + 1, size);
    filled.push(cpuMs(again));
  }
  return { missMs: median(missed), filledMs: median(filled), ...module.renderCacheStats() };
}

const module = (await import(pathToFileURL(process.argv[2]!).href)) as RenderModule;
const cartonArg = process.argv.indexOf('--carton');
const figures = cartonArg > 0 ? await cartons(module, Number(process.argv[cartonArg + 1])) : await countedCode(module);
console.log(JSON.stringify(figures));
