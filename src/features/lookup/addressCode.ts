import type { Location } from 'react-router-dom';
import { RECHECK_LINK_PARAMETER } from '@/contract/traceContract';
import { validateCode, type FieldErrorKey } from './qrCode';
import { readTyped, type ScanNotice, type ScanReading } from './scanReading';

/** What the field holds: the text, its error and what a scan had to say about it. */
export interface Draft {
  text: string;
  error: FieldErrorKey | null;
  notices: ScanNotice[];
}

/**
 * What the visitor typed, read as the page reads it wherever it was typed: the field's Search on the live
 * page, and the address's `qr` (which the field's form writes when it is submitted before the script runs,
 * and a link or a reload carries), in the server's render and in the browser alike. A pasted link gives
 * its `qr` with what the page has to say about the link; anything else is the code, spaces and dashes
 * inside dropped. `trustedHosts`: the brand's hosts, with the page's own (src/config.ts).
 */
export function typedDraft(typed: string, trustedHosts: readonly string[]): Draft {
  return draftOf(readTyped(typed, trustedHosts));
}

/** The field after a scan or a search: the code read, its error, and what the page says about it. */
export function draftOf({ code, accepted, notices }: ScanReading): Draft {
  return { text: code, error: accepted ? validateCode(code) : 'errors.invalidCode', notices };
}

/** The address's `qr` read as typed; null when the address has none. */
export function addressDraft(search: URLSearchParams, trustedHosts: readonly string[]): Draft | null {
  const qr = search.get('qr');
  return qr === null ? null : typedDraft(qr, trustedHosts);
}

/** The code to look up: the address's, when it may be sent (whichever hosts are the brand's). */
export function addressLookupCode(search: URLSearchParams): string | null {
  const draft = addressDraft(search, []);
  return draft?.error === null ? draft.text : null;
}

/**
 * The address with this code in `qr` (or none), other parameters (`lng`) kept; not the page's re-check
 * mark (a code typed or scanned is a shopper's look).
 */
export function withCode(search: URLSearchParams, code: string | null): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete(RECHECK_LINK_PARAMETER);
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
 * invalid entry or a scan's notices survive Back, Forward and reload), else the address's own `qr`.
 */
export function arrivalDraft(location: Pick<Location, 'search' | 'state'>, trustedHosts: readonly string[]): Draft {
  const kept: unknown = (location.state as { draft?: unknown } | null)?.draft;
  if (isDraft(kept)) return kept;
  return addressDraft(new URLSearchParams(location.search), trustedHosts) ?? { text: '', error: null, notices: [] };
}
