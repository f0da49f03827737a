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
