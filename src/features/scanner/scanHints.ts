/** Camera decode attempts per second (specification section 9). */
export const SCAN_FPS = 10;
/** The video area never grows taller than this (section 9). */
export const MAX_VIDEO_HEIGHT_PX = 500;
/** The centred scan box never shrinks below this (section 9). */
export const MIN_SCAN_BOX_PX = 50;
/** The scan box takes this share of the shorter video side: room to aim without decoding the whole frame. */
export const SCAN_BOX_SHARE = 0.7;
/** After this long without a code, the dialog suggests typing the code or sending a photo instead. */
export const SCAN_HINT_DELAY_MS = 20_000;
/** Photos are drawn at most this large before decoding: phone photos are 12 MP, a code needs far less. */
export const MAX_PHOTO_SIDE_PX = 1280;

/**
 * Trace codes are 17–18 characters (section 9). Formats other than QR are only believed when their text
 * could be a trace code or a trace URL, so the EAN product barcode and logistics labels that every carton
 * also carries cannot hijack a scan.
 */
export function couldBeTraceCode(text: string): boolean {
  const value = text.trim();
  return /^https?:\/\//i.test(value) || (value.length >= 17 && value.length <= 18 && !/\s/.test(value));
}
