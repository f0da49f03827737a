/** Photos are decoded at most this large: phone photos are 12 MP, a code needs far less. */
export const MAX_PHOTO_SIDE_PX = 1280;

/** RGBA pixels as in ImageData: 4 bytes per pixel, rows top to bottom. */
export interface RgbaImage {
  data: Uint8ClampedArray | Uint8Array;
  width: number;
  height: number;
}

/**
 * 'frame': a camera frame, decoded up to ten times a second, so only what fits the frame budget; the
 * next frame is another chance. 'photo': one still image, so every attempt the bench shows pays.
 * 'stubbornFrame': an occasional camera frame once many in a row held no code (cameraEffort.ts): the photo's
 * attempts, with the WeChat engine only if a photo already loaded it (its files are a photo's to fetch).
 */
export type DecodeEffort = 'frame' | 'photo' | 'stubbornFrame';

/**
 * The symbologies the page acts on. EAN/UPC are read only to recognise the product barcode that every
 * can carries, so the visitor can be told to scan the QR code instead.
 */
export type Symbology = 'qr' | 'dataMatrix' | 'aztec' | 'code128' | 'code39' | 'productBarcode';

export interface DecodedCode {
  text: string;
  symbology: Symbology;
}

/** Which engine answered; only the bench and the tests look at it, the page never does. */
export type EngineName = 'wasm' | 'js' | 'wechat';

export interface DecodeResult {
  /** Every distinct code found, trace candidates first; empty when none. */
  codes: DecodedCode[];
  engine: EngineName;
}

/** Duplicates out (a code read twice by two attempts or seen twice), QR before other formats before EAN/UPC. */
export function distinctCodes(codes: DecodedCode[]): DecodedCode[] {
  const seen = new Set<string>();
  const rank = (code: DecodedCode) => (code.symbology === 'qr' ? 0 : code.symbology === 'productBarcode' ? 2 : 1);
  return codes
    .filter((code) => {
      const key = `${code.symbology}\n${code.text}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((code, index) => ({ code, index }))
    .sort((a, b) => rank(a.code) - rank(b.code) || a.index - b.index)
    .map(({ code }) => code);
}

/**
 * A text the page may act on, from any engine. The WeChat engine (wechatDecode.ts) hands its bytes over
 * as UTF-8 whatever their encoding, so bytes it could not read as UTF-8 (Shift_JIS, damaged data) come
 * back as U+FFFD: never a code's content, and its only wrong texts on labelled sets. Refused too: an empty text, and one that is not well-formed
 * Unicode (a lone surrogate). Control characters stay: a code may hold them (zxing's corpus has one).
 */
export function acceptableText(text: unknown): text is string {
  // With the u flag a surrogate pair is one code point: the class matches lone surrogates only.
  return typeof text === 'string' && text !== '' && !/[\uFFFD\uD800-\uDFFF]/u.test(text);
}
