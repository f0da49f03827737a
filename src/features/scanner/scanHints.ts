import { QR_CODE_MAX_LENGTH, QR_CODE_MIN_LENGTH } from '@/api/traceContract';

// Camera rate and sizes from specification section 9 live in '@/config'; these are the scanner's own.

/** The scan box takes this share of the shorter video side: room to aim without decoding the whole frame. */
export const SCAN_BOX_SHARE = 0.7;
/** Camera frames are decoded at most this large; a code filling the scan box needs no more. */
export const MAX_FRAME_SIDE_PX = 640;
/** After this long without a code, the dialog suggests typing the code or choosing a photo instead. */
export const SCAN_HINT_DELAY_MS = 20_000;
/** Photos are decoded at most this large: phone photos are 12 MP, a code needs far less. */
export const MAX_PHOTO_SIDE_PX = 1280;
/** localStorage key of the camera the visitor switched to last. */
export const CAMERA_CHOICE_KEY = 'scanner.cameraId';

/**
 * Formats other than QR are only believed when their text could be a trace code (17–18 characters) or a
 * trace URL, so the EAN product barcode and logistics labels that every carton also carries cannot
 * hijack a scan.
 */
export function couldBeTraceCode(text: string): boolean {
  const value = text.trim();
  if (/^https?:\/\//i.test(value)) return true;
  return value.length >= QR_CODE_MIN_LENGTH && value.length <= QR_CODE_MAX_LENGTH && !/\s/.test(value);
}
