import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { isRecord } from './wireValues';

/** A 429: the service asked to wait (Retry-After, in seconds; null when it did not say). */
interface RateLimited {
  rateLimited?: { retryAfterSeconds: number | null };
}

/** Every way a lookup can fail, as a catalogue key (and its parameters); serializable for the store. */
export type TraceFailure =
  | { key: 'errors.noProducts' }
  | ({ key: 'errors.systemError' } & RateLimited)
  | ({ key: 'errors.systemErrorAt'; params: { code: string; endpoint: string } } & RateLimited);

export const NO_PRODUCTS: TraceFailure = { key: 'errors.noProducts' };
export const SYSTEM_ERROR: TraceFailure = { key: 'errors.systemError' };

function filled(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return null;
}

/** Retry-After as seconds from now: delay-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number | null {
  if (header === null || header === undefined || header.trim() === '') return null;
  if (/^\s*\d+\s*$/.test(header)) return Number(header);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

function shown(error: FetchBaseQueryError): TraceFailure {
  if (typeof error.status !== 'number' || !isRecord(error.data)) return SYSTEM_ERROR;
  const endpoint = filled(error.data.EndPoint);
  if (endpoint === null) return SYSTEM_ERROR;
  const code = filled(error.data.status) ?? String(error.status);
  return { key: 'errors.systemErrorAt', params: { code, endpoint } };
}

/**
 * An error body naming its endpoint gives the detailed message; network failures, time-outs,
 * non-JSON bodies (a proxy's HTML page) and bodies without an endpoint are a plain 'System error!'.
 * A 429 also carries the wait the service asked for, for callers that retry (the support desk).
 */
export function toTraceFailure(error: FetchBaseQueryError, response?: Response): TraceFailure {
  const failure = shown(error);
  if (error.status !== 429 || failure.key === 'errors.noProducts') return failure;
  return { ...failure, rateLimited: { retryAfterSeconds: retryAfterSeconds(response?.headers.get('retry-after')) } };
}
