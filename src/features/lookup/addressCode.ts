import type { Location } from 'react-router-dom';
import { compactCode, validateCode, type FieldErrorKey } from './qrCode';
import type { ScanNotice } from './scanReading';

/** What the field holds: the text, its error and what a scan had to say about it. */
export interface Draft {
  text: string;
  error: FieldErrorKey | null;
  notices: ScanNotice[];
}

/**
 * The address's code, read as a typed one (spaces and dashes inside dropped, so a hand-written
 * `/dt?qr=ABCDEFGH-123456789` finds its code on the server render and in the browser alike); null when
 * the address has no `qr`.
 */
export function addressCode(search: URLSearchParams): string | null {
  const qr = search.get('qr');
  return qr === null ? null : compactCode(qr);
}

/** The code to look up: the address's code when it may be sent. */
export function lookupCodeOf(code: string | null): string | null {
  return code !== null && validateCode(code) === null ? code : null;
}

/** The address with this code in `qr` (or none), other parameters (`lng`) kept. */
export function withCode(search: URLSearchParams, code: string | null): URLSearchParams {
  const next = new URLSearchParams(search);
  if (code === null) next.delete('qr');
  else next.set('qr', code);
  return next;
}

function isDraft(value: unknown): value is Draft {
  if (typeof value !== 'object' || value === null) return false;
  const { text, error, notices } = value as Partial<Draft>;
  return typeof text === 'string' && (error === null || typeof error === 'string') && Array.isArray(notices);
}

/**
 * The field on arriving at an address: what the page wrote with it (kept in the history entry, so an
 * invalid entry or a scan's notices survive Back, Forward and reload), else the address's own code.
 */
export function arrivalDraft(location: Pick<Location, 'search' | 'state'>): Draft {
  const kept: unknown = (location.state as { draft?: unknown } | null)?.draft;
  if (isDraft(kept)) return kept;
  const code = addressCode(new URLSearchParams(location.search));
  return { text: code ?? '', error: code === null ? null : validateCode(code), notices: [] };
}
