import { API_KEY_HEADER, LOOKUP_PURPOSE_HEADER, type LookupPurpose } from '../../src/contract/traceContract.ts';
import type { Audience } from './lookupCounter.ts';

const PURPOSE = LOOKUP_PURPOSE_HEADER.toLowerCase();
const KEY = API_KEY_HEADER.toLowerCase();
export const LOOKUP_PURPOSES: readonly LookupPurpose[] = ['staff', 'recheck'];

type Headers = Record<string, string | string[] | undefined>;

/** The X-Lookup-Purpose a request declares; undefined when none, null when it is not one the contract knows. */
export function declaredPurpose(headers: Headers): LookupPurpose | undefined | null {
  const value = headers[PURPOSE];
  if (value === undefined) return undefined;
  return typeof value === 'string' && (LOOKUP_PURPOSES as string[]).includes(value.trim().toLowerCase())
    ? (value.trim().toLowerCase() as LookupPurpose)
    : null;
}

/**
 * Who a lookup is for. A staff key makes it staff whatever it declares; a declared purpose can only
 * take a lookup out of the counts, never put one in, so it needs no proof. Anything else is a shopper's.
 */
export function audienceOf(headers: Headers, staffKeys: ReadonlySet<string>): Audience {
  const key = headers[KEY];
  if (typeof key === 'string' && staffKeys.has(key)) return 'staff';
  return declaredPurpose(headers) ?? 'shopper';
}
