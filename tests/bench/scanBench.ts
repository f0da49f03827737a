// Usage: npm run bench:scan [-- <corpus dir> [--effort photo|frame] [--passes N]]
// Prints correct %, wrong and missed counts, and median / p95 milliseconds per image.
import { register } from 'node:module';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

// Must be registered before @zxing/library is first imported, hence the dynamic imports below.
register('./cjsNamedExports.mjs', import.meta.url);
const { decodeImage } = await import('@/features/scanner/decodeImage');
const { DEFAULT_SCAN_CORPUS, loadScanCorpus } = await import('./scanCorpus');
const { correctPercent, percentile, scoreDecoder } = await import('./scanResults');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { effort: { type: 'string', default: 'photo' }, passes: { type: 'string', default: '3' } },
});
const effort = values.effort === 'frame' ? 'frame' : 'photo';
const dir = resolve(positionals[0] ?? DEFAULT_SCAN_CORPUS);

const images = await loadScanCorpus(dir);
if (images.length === 0) {
  console.error(`No images with an expected .txt beside them under ${dir}`);
  process.exit(1);
}
const score = scoreDecoder(images, ({ pixels }) => decodeImage(pixels, effort), Number(values.passes));

console.log(`corpus   ${dir}`);
console.log(`effort   ${effort}, ${values.passes} timed passes after one warm-up, node ${process.version}`);
console.log(`images   ${score.images}`);
console.log(`correct  ${score.correct} (${correctPercent(score).toFixed(1)} %)`);
console.log(`wrong    ${score.wrong.length}${score.wrong.length ? `: ${score.wrong.join(', ')}` : ''}`);
console.log(`missed   ${score.missed.length}${score.missed.length ? `: ${score.missed.join(', ')}` : ''}`);
console.log(`ms/image median ${percentile(score.times, 50).toFixed(2)}, p95 ${percentile(score.times, 95).toFixed(2)}, max ${Math.max(...score.times).toFixed(2)}`);
