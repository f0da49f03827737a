import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { ReadBarcodes } from '@/features/scanner/decode/wasmDecode';

/** zxing-wasm's reader build, its .wasm read from node_modules (the page fetches the same file). */
export async function loadWasm(): Promise<ReadBarcodes> {
  const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  await prepareZXingModule({
    overrides: { wasmBinary: readFileSync(wasmPath).buffer as ArrayBuffer },
    fireImmediately: true,
  });
  return (image, options) => readBarcodes(image as ImageData, options);
}
