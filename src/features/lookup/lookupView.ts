import type { ParseKeys } from 'i18next';
import type { TraceFailure } from './traceErrors';
import type { TraceResult } from './traceResult';

export type LookupView =
  | { name: 'loading' }
  | { name: 'error'; message: { key: ParseKeys; params?: Record<string, string> }; offerAlternatives?: boolean }
  | { name: 'box'; result: Extract<TraceResult, { kind: 'box' }> }
  | { name: 'product'; result: Extract<TraceResult, { kind: 'product' }> }
  | { name: 'empty' };

export interface LookupState {
  isLoading: boolean;
  failure: TraceFailure | undefined;
  result: TraceResult | undefined;
  /** A scanner problem (camera denied, nothing in the photo) is shown as the result error. */
  scannerErrorKey: ParseKeys | null;
}

/** The one block shown under the input, as the specification orders them. */
export function lookupView({ isLoading, failure, result, scannerErrorKey }: LookupState): LookupView {
  if (isLoading) return { name: 'loading' };
  // A scan that failed is never a dead end: the other ways in (a photo, typing) are offered with it.
  if (scannerErrorKey) return { name: 'error', message: { key: scannerErrorKey }, offerAlternatives: true };
  if (failure) return { name: 'error', message: failure };
  if (result?.kind === 'box') return { name: 'box', result };
  if (result?.kind === 'product') return { name: 'product', result };
  return { name: 'empty' };
}
