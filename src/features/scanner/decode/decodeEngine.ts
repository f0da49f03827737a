import { distinctCodes, MAX_PHOTO_SIDE_PX, type DecodeEffort, type DecodeResult, type RgbaImage } from './decodedCode';
import { fitWithin, toGrey } from './greyImage';
import { decodeWithJs, retryAfterWasm } from './jsDecode';
import { lazyWeChat, photoLastResorts } from './photoLastResorts';
import { nativeBox, type NativePhoto } from './nativePhoto';
import { readInPerspective } from './perspectiveRead';
import { decodeWithWasm, readQr, type ReadBarcodes } from './wasmDecode';
import type { ReadWeChat } from './wechatDecode';

export interface EngineAnswer extends DecodeResult {
  /** The attempt that read the codes, for the bench's ladder ('none' when nothing was read). */
  attempt: string;
}

export interface DecodeEngine {
  /** `native`: a photo as taken, when larger than `image` (its pixels fitted within MAX_PHOTO_SIDE_PX). */
  decode: (image: RgbaImage, effort: DecodeEffort, native?: NativePhoto) => Promise<EngineAnswer>;
}

/**
 * One decode interface over two engines. The WebAssembly engine starts loading at once; until it is
 * ready, camera frames go to the @zxing/library engine so the camera reads from its first frame, while a
 * photo (one image, read once) waits for the better engine. If WebAssembly cannot run (missing, blocked
 * by policy, the file failed to load), @zxing/library takes over for good. A photo that neither reads gets
 * the last resorts when given them: its codes found from their finder squares seen in perspective
 * (perspectiveRead.ts), then photoLastResorts.ts, where the WeChat engine is loaded, never for a camera
 * frame. Without them, the ladder as it was before them; `perspective: false`, the last resorts as they
 * were before that step (the bench compares the three).
 */
export function createDecodeEngine(
  loadWasm: () => Promise<ReadBarcodes>,
  lastResorts?: { loadWeChat: () => Promise<ReadWeChat>; perspective?: boolean },
): DecodeEngine {
  const weChat = lastResorts && lazyWeChat(lastResorts.loadWeChat);
  let wasm: ReadBarcodes | null = null;
  const loading = loadWasm().then(
    (read) => (wasm = read),
    () => null,
  );

  return {
    async decode(image, effort, native) {
      // A stubborn camera frame gets a photo's attempts, with what is loaded: it never waits for a download.
      const ladder = effort === 'frame' ? 'frame' : 'photo';
      const read = wasm ?? (effort === 'photo' ? await loading : null);
      const answer = read && (await decodeWithWasm(read, image, ladder).catch(() => null));
      if (answer && (answer.codes.length > 0 || effort === 'frame')) {
        return { ...answer, codes: distinctCodes(answer.codes), engine: 'wasm' };
      }
      const grey = fitWithin(toGrey(image), MAX_PHOTO_SIDE_PX);
      // A photo the WebAssembly ladder missed gets the one @zxing/library attempt that pays; without
      // WebAssembly (or when it threw), @zxing/library's whole ladder.
      const codes = answer ? retryAfterWasm(grey) : decodeWithJs(grey, ladder);
      // Codes seen but not read in a photo larger than its fitted pixels: their region at the photo's own
      // resolution (cheap: one read of a part of the photo; a photo no larger has no such retry).
      const box = weChat && codes.length === 0 && native && answer?.unread && nativeBox(answer.unread, image, native);
      const closer = box && read && native ? await readQr(read, native.region(box)).catch(() => []) : [];
      if (closer.length > 0)
        return { codes: distinctCodes(closer), engine: 'wasm', attempt: 'QR region at native resolution' };
      // A code seen at a steep angle: before the gamma and WeChat, as it costs less than either and spares
      // the WeChat download when it reads. A fault in it leaves the photo to them.
      const angled =
        weChat && lastResorts.perspective !== false && codes.length === 0 && effort !== 'frame' && answer && read
          ? await readInPerspective(read, grey).catch(() => [])
          : [];
      if (angled.length > 0) return { codes: distinctCodes(angled), engine: 'wasm', attempt: 'QR in perspective' };
      const last =
        weChat && codes.length === 0 && effort !== 'frame'
          ? await photoLastResorts(grey, answer && read, effort === 'photo' ? weChat : weChat.ifLoaded)
          : null;
      if (last) return { codes: distinctCodes(last.codes), engine: last.engine, attempt: last.attempt };
      // The engine named is the one that read the codes; with none read, the one that had the first try.
      if (codes.length === 0) return { codes, engine: read ? 'wasm' : 'js', attempt: 'none' };
      return { codes, engine: 'js', attempt: answer ? 'JS ×2, global threshold' : 'JS engine' };
    },
  };
}
