import { QR_CODE_MAX_LENGTH, QR_CODE_MIN_LENGTH } from '@/contract/traceContract';

export type FieldErrorKey = 'errors.emptyCode' | 'errors.invalidCode';

/** The input keeps no surrounding spaces, whatever was typed or pasted. */
export function normalizeInput(value: string): string {
  return value.trim();
}

/** Codes are printed and read out in groups: spaces and dashes between the groups are not part of them. */
export function compactCode(text: string): string {
  return normalizeInput(text).replace(/[\s-]+/g, '');
}

// The service's codes are Latin letters and digits only. A Vietnamese keyboard's 'đ' or 'ư' is a letter
// too, but never one of a code: it is refused here rather than sent and answered with a system error.
const CODE_CHARACTERS = /^[A-Za-z0-9]+$/;

/** The error a code raises when searched, or null when it may be sent. */
export function validateCode(code: string): FieldErrorKey | null {
  if (code === '') return 'errors.emptyCode';
  if (!CODE_CHARACTERS.test(code)) return 'errors.invalidCode';
  if (code.length < QR_CODE_MIN_LENGTH || code.length > QR_CODE_MAX_LENGTH) return 'errors.invalidCode';
  return null;
}
