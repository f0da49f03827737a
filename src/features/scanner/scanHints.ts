import { QR_CODE_MAX_LENGTH, QR_CODE_MIN_LENGTH } from '@/contract/traceContract';
import type { DecodedCode } from './decode/decodedCode';

// Camera rate and sizes from specification section 9.
export const SCAN_FPS = 10;
export const SCANNER_MAX_HEIGHT_PX = 500;
export const SCAN_BOX_MIN_PX = 50;

// The scanner's own choices.

/** The scan box takes this share of the shorter video side: room to aim without decoding the whole frame. */
export const SCAN_BOX_SHARE = 0.7;
/** Camera frames are decoded at most this large: a 1280x720 frame as it is, a 1080p one shrunk (see scanBox.ts). */
export const MAX_FRAME_SIDE_PX = 1280;
/** After this long without a code, the dialog suggests typing the code or choosing a photo instead. */
export const SCAN_HINT_DELAY_MS = 20_000;
/** The photo picker's input, which the page's "Choose a photo" buttons open. */
export const PHOTO_INPUT_ID = 'photo-input';
/** localStorage key of the camera the visitor switched to last. */
export const CAMERA_CHOICE_KEY = 'scanner.cameraId';

/**
 * Formats other than QR are only believed when their text could be a trace code (17–18 characters) or a
 * trace URL, so the logistics labels that cartons also carry cannot hijack a scan.
 */
export function couldBeTraceCode(text: string): boolean {
  const value = text.trim();
  if (/^https?:\/\//i.test(value)) return true;
  return value.length >= QR_CODE_MIN_LENGTH && value.length <= QR_CODE_MAX_LENGTH && !/\s/.test(value);
}

/** What a decoded image gives the visitor: codes that may be trace codes, else the product barcode, else nothing. */
export type ScanFinding =
  { kind: 'codes'; codes: DecodedCode[] } | { kind: 'productBarcode'; code: DecodedCode } | { kind: 'nothing' };

/**
 * Sorts what the engine read. A photo of a can holds both its QR code and its EAN: the EAN is dropped
 * then. Only an image with nothing but a product barcode reports it, so the visitor learns why it is
 * not the trace code.
 */
export function findingOf(codes: DecodedCode[]): ScanFinding {
  const candidates = codes.filter(
    (code) => code.symbology === 'qr' || (code.symbology !== 'productBarcode' && couldBeTraceCode(code.text)),
  );
  if (candidates.length > 0) return { kind: 'codes', codes: candidates };
  const barcode = codes.find((code) => code.symbology === 'productBarcode');
  return barcode ? { kind: 'productBarcode', code: barcode } : { kind: 'nothing' };
}
