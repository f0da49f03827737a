import type { Location } from 'react-router-dom';
import { RECHECK_LINK_PARAMETER } from '@/contract/traceContract';
import { digitalLinkAsk } from './digitalLink/addressLink';
import type { PrintedPack } from '@/contract/gs1/printedPack';
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

/** The parts of an address the page reads: a router's location, or a URL. */
export interface Address {
  pathname: string;
  search: string;
}

/**
 * What an address asks the page for: a code (the `qr` of `/dt?qr=`, or a GS1 Digital Link's serial with what
 * the pack's link says of it), a lot or a product (a Digital Link without a serial), or nothing. The one
 * reading of an address, for the server's render and the live page alike, so the page hydrates to the
 * state the server rendered.
 */
export type AddressAsk =
  | { kind: 'code'; draft: Draft; pack: PrintedPack | null }
  | { kind: 'lot'; gtin: string; lot: string }
  | { kind: 'product'; gtin: string }
  | { kind: 'none' };

export function readAddress({ pathname, search }: Address, trustedHosts: readonly string[]): AddressAsk {
  const link = digitalLinkAsk(pathname, search);
  if (link?.level === 'unit') {
    // The serial is the code, read as the specification reads any code (17-18 letters and digits).
    return { kind: 'code', draft: draftOf({ code: link.serial, accepted: true, notices: [] }), pack: link.pack };
  }
  if (link?.level === 'lot') return { kind: 'lot', gtin: link.gtin, lot: link.lot };
  if (link) return { kind: 'product', gtin: link.gtin };
  const draft = addressDraft(new URLSearchParams(search), trustedHosts);
  return draft ? { kind: 'code', draft, pack: null } : { kind: 'none' };
}

/** Whether the address is a GS1 Digital Link's: the lookup page answers it where the router knows no route. */
export const isDigitalLinkAddress = ({ pathname, search }: Address) => digitalLinkAsk(pathname, search) !== null;

/** The code to look up: the address's, when it may be sent (whichever hosts are the brand's). */
export function addressLookupCode(address: Address): string | null {
  const ask = readAddress(address, []);
  return ask.kind === 'code' && ask.draft.error === null ? ask.draft.text : null;
}

/**
 * Where the field's Search or a scan goes: a unit's Digital Link to its own address on this site (`link`,
 * ScanReading's `address`); else this page with the code in `qr`, and from a Digital Link's address the
 * page's own `/dt` (the link's path and attributes are about the pack it was printed on, not this code).
 */
export function lookupAddress(address: Address, code: string | null, link?: string): Address {
  if (link !== undefined && code !== null) {
    const { pathname, search } = new URL(link, 'http://page.invalid');
    return { pathname, search };
  }
  const fromLink = isDigitalLinkAddress(address);
  const current = new URLSearchParams(fromLink ? '' : address.search);
  return { pathname: fromLink ? '/dt' : address.pathname, search: `?${withCode(current, code)}` };
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
export function arrivalDraft(
  location: Pick<Location, 'pathname' | 'search' | 'state'>,
  trustedHosts: readonly string[],
): Draft {
  const kept: unknown = (location.state as { draft?: unknown } | null)?.draft;
  if (isDraft(kept)) return kept;
  const ask = readAddress(location, trustedHosts);
  return ask.kind === 'code' ? ask.draft : { text: '', error: null, notices: [] };
}
