// Usage: npm run bench:scan [-- <set dir>... [--passes N] [--summary] [--tilted N]]
// Runs the page's decode engine (photo with its last resorts, photo with them as before the perspective
// step, photo with the ladder alone as before them, camera frame), zxing-wasm with its package defaults and @zxing/library with its defaults on the same
// pixels of every set given (default: the three sets in ../shared and the repository's fixtures), and
// prints correct %, wrong, median and p95 ms per set and per category, side by side, then which attempt
// of the page engine read how many images (the last resorts' share: perspective, gamma, WeChat). Then the
// same on `--tilted` (default 30, 0 for none) codes drawn at steep angles (tiltedSet.ts).
import { register } from 'node:module';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ImageResult } from './scanResults';

// Must be registered before @zxing/library is first imported, hence the dynamic imports below.
register('./cjsNamedExports.mjs', import.meta.url);
const { SHARED_SCAN_SETS, loadScanCorpus } = await import('../../support/scan/scanCorpus');
const { pageEngine, wasmDefaults, zxingLibraryDefaults } = await import('./scanEngines');
const { tiltedSet } = await import('./tiltedSet');
const { correctPercent, scoreDecoders, summarize } = await import('./scanResults');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    passes: { type: 'string', default: '3' },
    summary: { type: 'boolean', default: false },
    tilted: { type: 'string', default: '30' },
  },
});
const passes = Number(values.passes);
const FIXTURES = resolve(import.meta.dirname, '../../fixtures/scan');
const dirs = positionals.length > 0 ? positionals.map((dir) => resolve(dir)) : [...SHARED_SCAN_SETS, FIXTURES];
const tilted = Number(values.tilted);
const sets = [
  ...dirs.map((dir) => ({ set: basename(dir), load: () => loadScanCorpus(dir), missing: `under ${dir}` })),
  ...(tilted > 0 ? [{ set: 'tilted (drawn)', load: async () => tiltedSet(tilted), missing: 'drawn' }] : []),
];

const decoders = [
  ['page engine, photo', await pageEngine('photo')],
  ['no perspective, photo', await pageEngine('photo', { perspective: false })],
  ['ladder alone, photo', await pageEngine('photo', { ladderOnly: true })],
  ['page engine, frame', await pageEngine('frame')],
  ['zxing-wasm defaults', await wasmDefaults()],
  ['@zxing/library defaults', zxingLibraryDefaults()],
] as const;

console.log(
  `node ${process.version}, ${passes} timed passes per image after one scored warm-up, the decoders in turn; ms = median of the passes`,
);
console.log(`images as the page's photo path sees them: EXIF applied, fitted inside 1280 px\n`);
const row = (cells: (string | number)[]) =>
  console.log(
    cells.map((cell, i) => (i < 2 ? String(cell).padEnd(i === 0 ? 14 : 24) : String(cell).padStart(9))).join(' '),
  );
row(['set/category', 'decoder', 'images', 'correct %', 'wrong', 'median ms', 'p95 ms']);

for (const { set, load, missing } of sets) {
  const images = await load().catch(() => []);
  if (images.length === 0) {
    console.error(`No images with an expected .txt beside them ${missing}`);
    process.exitCode = 1;
    continue;
  }
  const scored = await scoreDecoders(
    images,
    decoders.map(([, decode]) => decode),
    passes,
  );
  const results: { name: string; images: ImageResult[] }[] = decoders.map(([name], index) => ({
    name,
    images: scored[index]!,
  }));

  const print = (label: string, filter: (category: string) => boolean) => {
    for (const { name, images: perImage } of results) {
      const summary = summarize(perImage.filter((result) => filter(result.category)));
      row([
        label,
        name,
        summary.images,
        correctPercent(summary).toFixed(1),
        summary.wrong,
        summary.medianMs.toFixed(2),
        summary.p95Ms.toFixed(2),
      ]);
    }
  };
  print(set, () => true);
  const categories = [...new Set(images.map((image) => image.category))];
  if (!values.summary && categories.length > 1)
    for (const category of categories) print(`  ${category}`, (c) => c === category);

  for (const { name, images: perImage } of results.slice(0, 4)) {
    const attempts = new Map<string, number>();
    for (const { attempt } of perImage) if (attempt) attempts.set(attempt, (attempts.get(attempt) ?? 0) + 1);
    const share = (count: number) => `${((100 * count) / perImage.length).toFixed(1)} %`;
    console.log(
      `  ${name}: first read by ${[...attempts].map(([attempt, count]) => `${attempt} ${count} (${share(count)})`).join(', ') || 'nothing'}`,
    );
    const notRead = perImage.filter((result) => result.outcome !== 'correct');
    console.log(
      `  ${name}: not read ${notRead.map((result) => `${result.name}${result.outcome === 'wrong' ? ' (WRONG)' : ''}`).join(' ') || 'none'}`,
    );
  }
  console.log('');
}
