/// <reference lib="webworker" />
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { createDecodeEngine } from './decodeEngine';
import { MAX_PHOTO_SIDE_PX, type RgbaImage } from './decodedCode';
import type { DecodeReply, DecodeRequest, DecodeSource } from './workerProtocol';

// The .wasm comes from the page's own origin (Vite copies it beside the chunks), never from a CDN.
// Loading starts with the worker, which the page creates the first time the camera or a photo is used.
const engine = createDecodeEngine(async () => {
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  // The engine hands ImageData-shaped pixels (width, height, RGBA data), which is all zxing-wasm reads.
  return (image, options) => readBarcodes(image as ImageData, options);
});

// Every request gets a reply, even when something throws: the camera loop waits for it before the next frame.
self.onmessage = async ({ data: { id, effort, source } }: MessageEvent<DecodeRequest>) => {
  let image: RgbaImage;
  try {
    image = await pixelsOf(source);
  } catch {
    return reply({ id, error: 'unreadable' });
  }
  try {
    const { codes, engine: answered } = await engine.decode(image, effort);
    reply({ id, result: { codes, engine: answered } });
  } catch {
    reply({ id, error: 'failed' });
  }
};

function reply(message: DecodeReply) {
  self.postMessage(message);
}

async function pixelsOf(source: DecodeSource): Promise<RgbaImage> {
  if (source instanceof Blob) {
    // createImageBitmap applies the photo's EXIF orientation, as the visitor saw the photo.
    const bitmap = await createImageBitmap(source);
    const scale = Math.min(1, MAX_PHOTO_SIDE_PX / Math.max(bitmap.width, bitmap.height));
    return draw(bitmap, Math.max(1, Math.round(bitmap.width * scale)), Math.max(1, Math.round(bitmap.height * scale)));
  }
  if (source instanceof ImageBitmap) return draw(source, source.width, source.height);
  return source;
}

function draw(bitmap: ImageBitmap, width: number, height: number): RgbaImage {
  try {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('No 2D context in the worker');
    // Transparent areas of a PNG read as white paper, not black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return context.getImageData(0, 0, width, height);
  } finally {
    bitmap.close();
  }
}
