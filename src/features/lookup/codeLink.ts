import { RECHECK_LINK_PARAMETER } from '@/contract/traceContract';

/** The page's address for a code: what shares, the support desk and its replies point to. */
export function codeLink(code: string): string {
  return `/dt?${new URLSearchParams({ qr: code })}`;
}

/**
 * The page's own link to a code it shows (recent lookups, the recall banner, a carton's units, a unit's
 * carton): following it re-checks the code, which the service does not count as a shopper's look.
 */
export function recheckLink(code: string): string {
  return `/dt?${new URLSearchParams({ qr: code, [RECHECK_LINK_PARAMETER]: '1' })}`;
}

/**
 * Whether the address came from one of the page's own links (recheckLink) followed inside the page. The mark
 * alone proves nothing: anyone can print `&again=1` in the QR code of a counterfeit pack, and a shopper who
 * scans it opens the page afresh, so on a first load the mark is ignored and the look counts.
 */
export const isRecheck = (search: URLSearchParams, firstLoad: boolean): boolean =>
  !firstLoad && search.has(RECHECK_LINK_PARAMETER);
