import type { DecodedCode } from './decodedCode';
import { darkened, toRgba, type GreyImage } from './greyImage';
import { readQr, type ReadBarcodes } from './wasmDecode';
import type { ReadWeChat } from './wechatDecode';

/** γ = 2 on luminance: reads glare-washed codes the ladder missed, about 45 ms on a photo without a code. */
const DARKENING_GAMMA = 2;

/**
 * How long a photo waits for the WeChat engine's files (1.7 MB brotli) to download and start, the first
 * time a photo needs them: about 1.5 s on 4G at 10 Mbit/s, 9 s on a slow 3G link at 1.6 Mbit/s. Past
 * this the photo is answered "no code found" while the download goes on for the next photo, so a photo's
 * whole time stays within this, the ladder (p95 13 ms on the bench machine) and one WeChat decode (at most
 * about 0.5 s on a 1280 px photo on the bench machine; a phone several times that).
 */
export const WECHAT_LOAD_WAIT_MS = 10_000;

export interface LastResortAnswer {
  codes: DecodedCode[];
  attempt: string;
  engine: 'wasm' | 'wechat';
}

/** Gives the WeChat engine, waiting for it at most `waitMs`; null when it is not there by then. */
export type WeChatSource = (waitMs: number) => Promise<ReadWeChat | null>;

/**
 * The WeChat engine, loaded the first time a photo needs it and kept; a failed load (offline, blocked) is
 * tried again by the next photo that needs it. `ifLoaded` gives it only when a photo loaded it already,
 * and never starts the download: what a camera frame uses.
 */
export function lazyWeChat(load: () => Promise<ReadWeChat>): WeChatSource & { ifLoaded: WeChatSource } {
  let loading: Promise<ReadWeChat | null> | null = null;
  let loaded: ReadWeChat | null = null;
  const source: WeChatSource = (waitMs) => {
    loading ??= load().then(
      (reader) => (loaded = reader),
      () => (loading = null),
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(resolve, waitMs, null)));
    return Promise.race([loading, timeout]).finally(() => clearTimeout(timer));
  };
  return Object.assign(source, { ifLoaded: async () => loaded });
}

/**
 * What a photo gets after the whole ladder read nothing: one more WebAssembly read of its shades darkened,
 * then the WeChat engine. Measured on photos the ladder missed (issue 40): the gamma reads about 10 more
 * of 368 real phone photos, WeChat 27 more, with no wrong text once U+FFFD is refused. (WeChat on the
 * darkened shades too read one more bench frame but gave zxing's corpus qrcode-2/13.png a text other than
 * its label: left out.)
 */
export async function photoLastResorts(
  grey: GreyImage,
  read: ReadBarcodes | null,
  weChat: WeChatSource | null,
): Promise<LastResortAnswer | null> {
  if (read) {
    const codes = await readQr(read, toRgba(darkened(grey, DARKENING_GAMMA))).catch(() => []);
    if (codes.length > 0) return { codes, attempt: 'QR darkened (γ 2)', engine: 'wasm' };
  }
  const readWeChat = weChat && (await weChat(WECHAT_LOAD_WAIT_MS));
  if (!readWeChat) return null;
  let texts: string[];
  try {
    texts = readWeChat(grey);
  } catch {
    // Out of memory, a fault in the engine: the photo has no code the page could read.
    return null;
  }
  const codes = texts.map((text): DecodedCode => ({ text, symbology: 'qr' }));
  return codes.length > 0 ? { codes, attempt: 'WeChat', engine: 'wechat' } : null;
}
