// The decoders the bench compares, all running in Node on the same pixels.
import { BinaryBitmap, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import type { DecodeEffort, RgbaImage } from '@/features/scanner/decode/decodedCode';
import { createDecodeEngine } from '@/features/scanner/decode/decodeEngine';
import { toGrey } from '@/features/scanner/decode/greyImage';
import type { NativePhoto } from '@/features/scanner/decode/nativePhoto';
import { loadWasm } from '../../support/scan/wasmReader';
import { loadWeChat } from '../../support/scan/wechatReader';

export interface BenchAnswer {
  /** The first text the decoder gave, null when none. */
  text: string | null;
  /** The page engine's attempt that read it, for the ladder table. */
  attempt?: string;
}

/** `native`: the photo as taken, when larger than `image`; only the page engine looks at it. */
export type BenchDecoder = (image: RgbaImage, native?: NativePhoto) => Promise<BenchAnswer>;

/**
 * The page's own decode path: the engine its worker runs, with the WebAssembly engine loaded and, unless
 * `ladderOnly`, a photo's last resorts (the perspective step, the darkening gamma, the WeChat engine);
 * `ladderOnly` is the ladder as it was before them, `perspective: false` the last resorts before that step. A photo is decoded whole, as is a camera frame: the bench's frames are
 * 1280x720, what the camera loop sends of every other frame (scanBox.ts).
 */
export async function pageEngine(
  effort: DecodeEffort,
  { ladderOnly = false, perspective = true } = {},
): Promise<BenchDecoder> {
  const read = await loadWasm();
  const engine = createDecodeEngine(async () => read, ladderOnly ? undefined : { loadWeChat, perspective });
  return async (image, native) => {
    const { codes, attempt } = await engine.decode(image, effort, native);
    return { text: codes[0]?.text ?? null, attempt };
  };
}

/** zxing-wasm with the package's defaults: every format, one call. */
export async function wasmDefaults(): Promise<BenchDecoder> {
  const read = await loadWasm();
  return async (image) => {
    const [first] = await read(image, {});
    return { text: first?.text ?? null };
  };
}

/** @zxing/library with its defaults: MultiFormatReader.decodeWithState, no hints, HybridBinarizer: what @zxing/browser does with a frame. */
export function zxingLibraryDefaults(): BenchDecoder {
  const warn = console.warn;
  return async (image) => {
    // A new reader each time: one kept across images answered later images with wrong texts.
    const reader = new MultiFormatReader();
    const grey = toGrey(image);
    const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(grey.data, grey.width, grey.height)));
    // 0.23 console.warns on every image without a code.
    console.warn = () => undefined;
    try {
      return { text: reader.decodeWithState(bitmap).getText() };
    } catch {
      return { text: null };
    } finally {
      console.warn = warn;
    }
  };
}
