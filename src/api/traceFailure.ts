import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { isRecord } from './wireValues';

/** Every way a lookup can fail, as a catalogue key (and its parameters); serializable for the store. */
export type TraceFailure =
  | { key: 'errors.noProducts' }
  | { key: 'errors.systemError' }
  | { key: 'errors.systemErrorAt'; params: { code: string; endpoint: string } };

export const NO_PRODUCTS: TraceFailure = { key: 'errors.noProducts' };
export const SYSTEM_ERROR: TraceFailure = { key: 'errors.systemError' };

function filled(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return null;
}

/**
 * An error body naming its endpoint gives the detailed message; network failures, time-outs,
 * non-JSON bodies (a proxy's HTML page) and bodies without an endpoint are a plain 'System error!'.
 */
export function toTraceFailure(error: FetchBaseQueryError): TraceFailure {
  if (typeof error.status !== 'number' || !isRecord(error.data)) return SYSTEM_ERROR;
  const endpoint = filled(error.data.EndPoint);
  if (endpoint === null) return SYSTEM_ERROR;
  const code = filled(error.data.status) ?? String(error.status);
  return { key: 'errors.systemErrorAt', params: { code, endpoint } };
}
