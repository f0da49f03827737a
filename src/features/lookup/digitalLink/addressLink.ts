import { parseGs1DigitalLink } from '@/shared/codes/gs1DigitalLink';
import type { PrintedPack } from './packMismatch';

/**
 * What a GS1 Digital Link (`/01/{gtin}[/10/{lot}][/21/{serial}]`, compressed too) asks the page for: a unit or
 * carton by its serial, with what the pack's code says of it; a lot; a product.
 */
export type LinkAsk =
  | { level: 'unit'; serial: string; pack: PrintedPack }
  | { level: 'lot'; gtin: string; lot: string }
  | { level: 'product'; gtin: string };

/**
 * A URL read as a Digital Link, or null when it is none. The one reading of a Digital Link for the page's
 * address, the field, the scans and the support desk's paste.
 */
export function readDigitalLink(url: URL): LinkAsk | null {
  const link = parseGs1DigitalLink(url);
  if (!link) return null;
  const gtin = link.gtin.padStart(14, '0');
  if (link.serial !== null) return { level: 'unit', serial: link.serial, pack: { gtin, lot: link.lot, expiry: null } };
  if (link.lot !== null) return { level: 'lot', gtin, lot: link.lot };
  return { level: 'product', gtin };
}

/** The page's address read as a Digital Link, or null when its path is none (the page's own routes, a malformed link). */
export function digitalLinkAsk(pathname: string, search: string): LinkAsk | null {
  let url: URL;
  try {
    url = new URL(`${pathname}${search}`, 'http://page.invalid');
  } catch {
    return null;
  }
  return readDigitalLink(url);
}

/**
 * The page's own address for a unit's Digital Link, in GS1's canonical form: where a scanned or typed link
 * takes the page, so the pack's lot and expiry are checked there, and a reload or a shared address shows the same.
 */
export function unitLinkAddress(serial: string, { gtin, lot, expiry }: PrintedPack): string {
  const lotPart = lot === null ? '' : `/10/${encodeURIComponent(lot)}`;
  const expiryPart = expiry === null ? '' : `?17=${expiry.slice(2).replace(/-/g, '')}`;
  return `/01/${gtin}${lotPart}/21/${encodeURIComponent(serial)}${expiryPart}`;
}
