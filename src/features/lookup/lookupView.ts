import type { SerializedError } from '@reduxjs/toolkit';
import type { ParseKeys } from 'i18next';
import { SYSTEM_ERROR, type TraceFailure } from '@/api/traceFailure';
import type { TraceResult } from '@/api/traceResult';
import type { ScannerErrorKey } from '@/features/scanner';

/** Anything that can stop a shopper from seeing a result. */
export type LookupFailure =
  { from: 'trace'; error: TraceFailure | SerializedError } | { from: 'scanner'; error: ScannerErrorKey };

export interface FailureMessage {
  key: ParseKeys;
  params?: Record<string, string>;
  /** A failed scan is never a dead end: the other ways in (a photo, typing) are offered with it. */
  offerAlternatives?: boolean;
}

/** The one place a failure becomes the message shown. */
export function failureMessage(failure: LookupFailure): FailureMessage {
  if (failure.from === 'scanner') return { key: `scanner.errors.${failure.error}`, offerAlternatives: true };
  // An exception inside the api slice (not an answer from the service) reaches here as a SerializedError.
  return 'key' in failure.error ? failure.error : SYSTEM_ERROR;
}

export type LookupView =
  | { name: 'loading' }
  | { name: 'error'; message: FailureMessage }
  /** `answeredAt`: when the answer came (ms), the moment its expiry status is told for. */
  | { name: 'result'; result: TraceResult; answeredAt: number }
  | { name: 'empty' };

/** The address's lookup as the store holds it. */
export interface LookupEntry {
  status: 'uninitialized' | 'pending' | 'fulfilled' | 'rejected';
  data?: TraceResult;
  error?: TraceFailure | SerializedError;
  /**
   * When the answer came, by the clock that fetched it: a server render's answer carries the server's
   * time to the browser, so the expiry the page hydrates with is the one the server wrote.
   */
  fulfilledTimeStamp?: number;
}

export interface LookupState {
  /** The valid code the address asks for, or null when there is nothing to look up. */
  code: string | null;
  entry: LookupEntry;
  scannerError: ScannerErrorKey | null;
  /** The field shows an error of its own: a second one under it would pile up. */
  fieldError?: boolean;
}

/** The one block shown under the input, as the specification orders them. */
export function lookupView({ code, entry, scannerError, fieldError = false }: LookupState): LookupView {
  // A code in the address whose answer is not in yet: the lookup is on its way.
  const answered = entry.status === 'fulfilled' || entry.status === 'rejected';
  if (code !== null && !answered) return { name: 'loading' };
  // One error at a time: the field's own error (the shopper's next step) hides an older one below it.
  if (scannerError && !fieldError)
    return { name: 'error', message: failureMessage({ from: 'scanner', error: scannerError }) };
  if (code === null) return { name: 'empty' };
  if (entry.error) {
    return fieldError
      ? { name: 'empty' }
      : { name: 'error', message: failureMessage({ from: 'trace', error: entry.error }) };
  }
  return entry.data
    ? { name: 'result', result: entry.data, answeredAt: entry.fulfilledTimeStamp ?? 0 }
    : { name: 'empty' };
}
