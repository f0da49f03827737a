import { TRACE_API_BASE_PATH } from '@/api/traceContract';

/** Absolute, because fetch under Node (Vitest) rejects relative URLs. */
function absoluteBase(base: string): string {
  return new URL(base.replace(/\/+$/, ''), window.location.origin).href;
}

export const TRACE_API_BASE = absoluteBase(import.meta.env.VITE_TRACE_API_BASE || TRACE_API_BASE_PATH);
export const TRACE_API_KEY = import.meta.env.VITE_TRACE_API_KEY ?? '';

/** No answer within this time counts as 'System error!'. */
export const TRACE_TIMEOUT_MS = 15_000;

export const SUPPORTED_LANGUAGES = ['vi', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'vi';

export const SCAN_FPS = 10;
export const SCANNER_MAX_HEIGHT_PX = 500;
export const SCAN_BOX_MIN_PX = 50;
