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

/** Whether the address came from one of the page's own links (recheckLink). */
export const isRecheck = (search: URLSearchParams): boolean => search.has(RECHECK_LINK_PARAMETER);
