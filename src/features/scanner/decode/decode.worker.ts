/// <reference lib="webworker" />
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { createDecodeEngine } from './decodeEngine';
import type { RgbaImage } from './decodedCode';
import type { NativePhoto } from './nativePhoto';
import { drawnPixels, fittedPixels, nativePhoto } from './photoPixels';
import type { DecodeReply, DecodeRequest, DecodeSource } from './workerProtocol';

// The .wasm comes from the page's own origin (Vite copies it beside the chunks), never from a CDN.
// Loading starts with the worker, which the page creates the first time the camera or a photo is used.
const engine = createDecodeEngine(
  async () => {
    await prepareZXingModule({
      overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
      fireImmediately: true,
    });
    // The engine hands ImageData-shaped pixels (width, height, RGBA data), which is all zxing-wasm reads.
    return (image, options) => readBarcodes(image as ImageData, options);
    // The WeChat engine's code and files load only when a photo the ladder missed needs them.
  },
  { loadWeChat: async () => (await import('./wechatLoad')).loadWeChat() },
);

// Every request gets a reply, even when something throws: the camera loop waits for it before the next frame.
self.onmessage = async ({ data: { id, effort, source } }: MessageEvent<DecodeRequest>) => {
  let pixels: Pixels;
  try {
    pixels = await pixelsOf(source);
  } catch {
    return reply({ id, error: 'unreadable' });
  }
  try {
    const { codes, engine: answered } = await engine.decode(pixels.image, effort, pixels.native);
    reply({ id, result: { codes, engine: answered } });
  } catch {
    reply({ id, error: 'failed' });
  } finally {
    pixels.close?.();
  }
};

/** What the engine reads; a photo also as taken (closed once decoded), for a closer look at part of it. */
interface Pixels {
  image: RgbaImage;
  native?: NativePhoto;
  close?: () => void;
}

function reply(message: DecodeReply) {
  self.postMessage(message);
}

async function pixelsOf(source: DecodeSource): Promise<Pixels> {
  if (source instanceof Blob) {
    // createImageBitmap applies the photo's EXIF orientation, as the visitor saw the photo.
    const bitmap = await createImageBitmap(source);
    try {
      const image = fittedPixels(bitmap, new OffscreenCanvas(1, 1));
      return { image, native: nativePhoto(bitmap, new OffscreenCanvas(1, 1)), close: () => bitmap.close() };
    } catch (error) {
      bitmap.close();
      throw error;
    }
  }
  if (!(source instanceof ImageBitmap)) return { image: source };
  try {
    return { image: drawnPixels(source, new OffscreenCanvas(1, 1), source.width, source.height) };
  } finally {
    source.close();
  }
}
