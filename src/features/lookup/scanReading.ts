import type { DecodedCode } from '@/features/scanner';
import { readDigitalLink } from './digitalLink/addressLink';
import { compactCode, normalizeInput, validateCode } from './qrCode';
import { httpUrl } from './httpUrl';

/** Something the visitor is told about a scan, beside what the specification's rules do with it. */
export type ScanNotice =
  { key: 'scan.productBarcode' } | { key: 'scan.foreignHost'; host: string } | { key: 'scan.gs1WithoutSerial' };

export interface ScanReading {
  /** What goes into the input. */
  code: string;
  /** False when the scan gave no code: the page shows 'Invalid QR code' and sends nothing. */
  accepted: boolean;
  notices: ScanNotice[];
  /** A unit's GS1 Digital Link: the page's own address for it (path and query), where the page goes to show it. */
  address?: string;
}

/**
 * What a scanned code means. The specification's rules come first: a URL's `qr` parameter is the code,
 * anything else fills the raw value and is refused. On top of them, a GS1 Digital Link's serial is the
 * code when it has the shape of one, and the visitor learns why a scan was refused (the product barcode,
 * a Digital Link naming only the product) and when a link points to a site that is not the brand's.
 * Nothing here follows a link.
 */
export function readScan({ text: raw, symbology }: DecodedCode, trustedHosts: readonly string[]): ScanReading {
  const text = raw.trim();
  const refused = (...notices: ScanNotice[]): ScanReading => ({ code: text, accepted: false, notices });
  if (symbology === 'productBarcode') return refused({ key: 'scan.productBarcode' });

  const url = httpUrl(text);
  if (!url) return refused();
  const host = url.hostname.toLowerCase();
  const notices: ScanNotice[] = trustedHosts.includes(host) ? [] : [{ key: 'scan.foreignHost', host }];

  const qr = url.searchParams.get('qr');
  if (qr !== null) return { code: compactCode(qr), accepted: true, notices };

  const link = readDigitalLink(url);
  if (link?.level === 'unit' && validateCode(link.serial) === null)
    return { code: link.serial, accepted: true, notices, address: link.path };
  if (link && link.level !== 'unit') return refused(...notices, { key: 'scan.gs1WithoutSerial' });
  return refused(...notices);
}

/**
 * What the visitor typed or pasted, read as a scan would be: a pasted link gives its `qr` (with the
 * same notices as a scanned one); anything else is the code, spaces and dashes inside taken out.
 */
export function readTyped(typed: string, trustedHosts: readonly string[]): ScanReading {
  const text = normalizeInput(typed);
  if (httpUrl(text)) return readScan({ text, symbology: 'qr' }, trustedHosts);
  return { code: compactCode(text), accepted: true, notices: [] };
}
