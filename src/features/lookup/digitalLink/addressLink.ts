import { parseGs1DigitalLink } from '@/shared/codes/gs1DigitalLink';
import type { PrintedPack } from './packMismatch';

/**
 * What a GS1 Digital Link address (`/01/{gtin}[/10/{lot}][/21/{serial}]`, compressed too) asks the page for:
 * a unit or carton by its serial, with what the pack's code says of it; a lot; a product.
 */
export type LinkAsk =
  | { level: 'unit'; serial: string; pack: PrintedPack }
  | { level: 'lot'; gtin: string; lot: string }
  | { level: 'product'; gtin: string };

/** The address's Digital Link, or null when its path is none (the page's own routes, a malformed link). */
export function digitalLinkAsk(pathname: string, search: string): LinkAsk | null {
  let link;
  try {
    link = parseGs1DigitalLink(new URL(`${pathname}${search}`, 'http://page.invalid'));
  } catch {
    return null;
  }
  if (!link) return null;
  const gtin = link.gtin.padStart(14, '0');
  if (link.serial !== null) return { level: 'unit', serial: link.serial, pack: { gtin, lot: link.lot, expiry: null } };
  if (link.lot !== null) return { level: 'lot', gtin, lot: link.lot };
  return { level: 'product', gtin };
}
