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
/**
 * Once this many camera frames in a row held no code (2 s at SCAN_FPS), every STUBBORN_FRAME_EVERY-th
 * frame gets a photo's attempts: 50–100 ms more on the bench machine for that frame, in the worker, so
 * the preview never stalls and the camera still decodes about nine frames a second. A clean frame is read
 * before this starts, as fast as before.
 */
export const STUBBORN_AFTER_FRAMES = 20;
export const STUBBORN_FRAME_EVERY = 10;

/** How hard to try on the next camera frame, given how many frames in a row held no code. */
export function cameraEffort(framesWithoutCode: number): 'frame' | 'stubbornFrame' {
  return framesWithoutCode >= STUBBORN_AFTER_FRAMES && framesWithoutCode % STUBBORN_FRAME_EVERY === 0
    ? 'stubbornFrame'
    : 'frame';
}

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
