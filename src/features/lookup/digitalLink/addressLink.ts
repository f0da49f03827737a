import type { PrintedPack } from '@/contract/gs1/printedPack';
import { parseLink } from './linkParser';

/**
 * What a GS1 Digital Link (`/01/{gtin}[/10/{lot}][/21/{serial}]`, compressed too) asks the page for: a unit or
 * carton by its serial, with what the pack's code says of it and the link's own path here (GS1's canonical
 * form, uncompressed); a lot; a product.
 */
export type LinkAsk =
  | { level: 'unit'; serial: string; pack: PrintedPack; path: string }
  | { level: 'lot'; gtin: string; lot: string }
  | { level: 'product'; gtin: string };

/**
 * A URL read as a Digital Link, or null when it is none. The one reading of a Digital Link for the page's
 * address, the field, the scans and the support desk's paste.
 */
export function readDigitalLink(url: URL): LinkAsk | null {
  const link = parseLink(url);
  if (!link) return null;
  const { gtin, lot, serial, expiry } = link;
  if (serial !== null) return { level: 'unit', serial, pack: { gtin, lot, expiry }, path: link.path };
  if (lot !== null) return { level: 'lot', gtin, lot };
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
