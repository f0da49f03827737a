import { isbot } from 'isbot';
import { API_KEY_HEADER, LOOKUP_PURPOSE_HEADER, type LookupPurpose } from '../../src/contract/traceContract.ts';
import type { Audience } from './lookupCounter.ts';

const PURPOSE = LOOKUP_PURPOSE_HEADER.toLowerCase();
const KEY = API_KEY_HEADER.toLowerCase();
export const LOOKUP_PURPOSES: readonly LookupPurpose[] = ['staff', 'recheck'];

type Headers = Record<string, string | string[] | undefined>;

const header = (headers: Headers, name: string): string | undefined => {
  const value = headers[name];
  return typeof value === 'string' ? value.toLowerCase() : undefined;
};

/** The X-Lookup-Purpose a request declares; undefined when none, null when it is not one the contract knows. */
export function declaredPurpose(headers: Headers): LookupPurpose | undefined | null {
  const value = headers[PURPOSE];
  if (value === undefined) return undefined;
  return typeof value === 'string' && (LOOKUP_PURPOSES as string[]).includes(value.trim().toLowerCase())
    ? (value.trim().toLowerCase() as LookupPurpose)
    : null;
}

export const hasStaffKey = (headers: Headers, staffKeys: ReadonlySet<string>): boolean => {
  const key = headers[KEY];
  return typeof key === 'string' && staffKeys.has(key);
};

/**
 * A link-preview fetcher or a crawler, by its User-Agent (the `isbot` package's list, kept up to date by
 * its maintainers: Zalo's, Facebook's and Messenger's, Telegram's, WhatsApp's previews and the search
 * engines among them).
 */
export const isRobot = (userAgent: string | string[] | undefined): boolean =>
  typeof userAgent === 'string' && isbot(userAgent);

/**
 * Whether a page request is a shopper looking: a document navigation (Sec-Fetch-Dest: document and
 * Sec-Fetch-Mode: navigate), or a browser too old to send Sec-Fetch headers at all; a navigation from another
 * site only with a user's activation (Sec-Fetch-User: ?1: a tap, not a script's redirect). Never a HEAD,
 * another site's <img>, <iframe> or fetch, a prefetch or prerender (Sec-Purpose, Purpose: prefetch), a
 * link preview or a crawler.
 */
export function pageLookIsShoppers(method: string, headers: Headers): boolean {
  if (method !== 'GET') return false;
  if (headers['sec-purpose'] !== undefined) return false;
  const purpose = header(headers, 'purpose') ?? header(headers, 'x-purpose') ?? header(headers, 'x-moz');
  if (purpose !== undefined && /prefetch|preview|prerender/.test(purpose)) return false;
  if (isRobot(headers['user-agent'])) return false;
  const dest = header(headers, 'sec-fetch-dest');
  const mode = header(headers, 'sec-fetch-mode');
  const site = header(headers, 'sec-fetch-site');
  if (dest === undefined && mode === undefined && site === undefined) return true;
  if (dest !== 'document' || mode !== 'navigate') return false;
  return !(site === 'cross-site' || site === 'same-site') || header(headers, 'sec-fetch-user') === '?1';
}

/**
 * Whether an API lookup may be a shopper's: the page's own (same origin, or an origin CORS allows) or a
 * client that sends no Sec-Fetch headers; never a crawler's.
 */
export function apiLookIsShoppers(headers: Headers, corsOrigins: readonly string[]): boolean {
  if (isRobot(headers['user-agent'])) return false;
  const site = header(headers, 'sec-fetch-site');
  if (site === undefined || site === 'same-origin' || site === 'none') return true;
  const origin = headers.origin;
  return typeof origin === 'string' && corsOrigins.includes(origin);
}

/**
 * Who a lookup is for. A staff key makes it staff whatever it declares; a declared purpose can only
 * take a lookup out of the counts, never put one in, so it needs no proof; so can a fetch no shopper
 * looked at (`unseen`). Anything else is a shopper's.
 */
export function audienceOf(headers: Headers, staffKeys: ReadonlySet<string>, looked: boolean): Audience {
  if (hasStaffKey(headers, staffKeys)) return 'staff';
  return declaredPurpose(headers) ?? (looked ? 'shopper' : 'unseen');
}
