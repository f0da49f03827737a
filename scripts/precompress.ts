import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { loadConfig } from '../server/config.ts';

// caffemodel and prototxt: the WeChat QR engine's models (scripts/vite/wechatQr.ts), 1 MB that brotli shrinks by 9 %.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest|wasm|caffemodel|prototxt)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes .br and .gz siblings for the built page once, at maximum quality, so @fastify/static can
 * serve them (preCompressed) instead of compressing the same bundle on every request.
 */
async function precompress(dir: string): Promise<number> {
  let written = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name) || (await stat(path)).size < MIN_BYTES) continue;
    const content = await readFile(path);
    await writeFile(`${path}.br`, await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    await writeFile(`${path}.gz`, await gzipAsync(content, { level: 9 }));
    written++;
  }
  return written;
}

const dir = loadConfig().staticDir;
console.log(`precompressed ${await precompress(dir)} files in ${dir}`);
