/**
 * Builds the page and prints each chunk's gzip size and the JavaScript a deep link `/dt?qr=…` loads
 * before it shows its result: the entry chunk and its static imports. Lazy chunks (the scanner,
 * @zxing) load only on demand and are listed apart. Fails above the budget or if @zxing is in it.
 */
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { build, type Rollup } from 'vite';

const BUDGET_BYTES = 180_000;
const ON_DEMAND_ONLY = /[\\/](@zxing|features[\\/]scanner[\\/](ScannerDialog|decode))/;

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const gzip = (code: string | Buffer) => gzipSync(code, { level: 9 }).length;
const brotli = (code: string | Buffer) =>
  brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

const result = await build({ logLevel: 'warn' });
const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
const chunks = outputs.flatMap((output) => output.output).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));

const initial = new Set<string>();
const visit = (fileName: string) => {
  if (initial.has(fileName)) return;
  initial.add(fileName);
  byName.get(fileName)?.imports.forEach(visit);
};
chunks.filter((chunk) => chunk.isEntry).forEach((chunk) => visit(chunk.fileName));

console.log('chunk'.padEnd(48), 'raw'.padStart(10), 'gzip'.padStart(10), 'brotli'.padStart(10), '  loaded');
let total = 0;
let totalBrotli = 0;
for (const chunk of chunks) {
  const isInitial = initial.has(chunk.fileName);
  const gz = gzip(chunk.code);
  const br = brotli(chunk.code);
  if (isInitial) {
    total += gz;
    totalBrotli += br;
  }
  console.log(
    chunk.fileName.padEnd(48),
    kB(chunk.code.length).padStart(10),
    kB(gz).padStart(10),
    kB(br).padStart(10),
    isInitial ? '  first load' : '  on demand',
  );
}

// The decode worker and its WebAssembly are emitted as assets: they load when a scan first starts.
const workerAssets = outputs
  .flatMap((output) => output.output)
  .filter((item): item is Rollup.OutputAsset => item.type === 'asset' && /\.(wasm|js)$/.test(item.fileName));
for (const asset of workerAssets) {
  const bytes = typeof asset.source === 'string' ? Buffer.from(asset.source) : Buffer.from(asset.source);
  console.log(
    asset.fileName.padEnd(48),
    kB(bytes.length).padStart(10),
    kB(gzip(bytes)).padStart(10),
    kB(brotli(bytes)).padStart(10),
    '  scan (worker)',
  );
}

const leaked = chunks
  .filter((chunk) => initial.has(chunk.fileName))
  .flatMap((chunk) => chunk.moduleIds.filter((id) => ON_DEMAND_ONLY.test(id)));

console.log(`\nJavaScript loaded before /dt?qr=… shows its result: ${kB(total)} gzip (${kB(totalBrotli)} brotli); budget ${kB(BUDGET_BYTES)} gzip`);
if (leaked.length > 0) {
  console.error(`FAIL: the scanner or @zxing is in the first load:\n  ${leaked.join('\n  ')}`);
  process.exitCode = 1;
}
if (total > BUDGET_BYTES) {
  console.error(`FAIL: first load is ${kB(total - BUDGET_BYTES)} over budget`);
  process.exitCode = 1;
}
