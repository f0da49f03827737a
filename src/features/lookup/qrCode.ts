import { QR_CODE_MAX_LENGTH, QR_CODE_MIN_LENGTH } from '@/api/traceContract';

export type FieldErrorKey = 'errors.emptyCode' | 'errors.invalidCode';

/** The input keeps no surrounding spaces, whatever was typed or pasted. */
export function normalizeInput(value: string): string {
  return value.trim();
}

/** The error a code raises when searched, or null when it may be sent. */
export function validateCode(code: string): FieldErrorKey | null {
  if (code === '') return 'errors.emptyCode';
  if (code.length < QR_CODE_MIN_LENGTH || code.length > QR_CODE_MAX_LENGTH) return 'errors.invalidCode';
  return null;
}

export interface ScannedCode {
  /** What goes into the input. */
  code: string;
  /** False when the scan was not a URL carrying `qr`: the page shows 'Invalid QR code' and sends nothing. */
  accepted: boolean;
}

/** A printed QR holds a deep link such as https://host/dt?qr=CODE; only its `qr` parameter is the code. */
export function extractScannedCode(raw: string): ScannedCode {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { code: text, accepted: false };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { code: text, accepted: false };
  const qr = url.searchParams.get('qr');
  return qr === null ? { code: text, accepted: false } : { code: normalizeInput(qr), accepted: true };
}
