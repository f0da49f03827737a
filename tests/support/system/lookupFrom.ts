import { API_KEY_HEADER, TRACE_URL_PATH } from '../../../src/contract/traceContract.ts';
import { rawRequest, type RawAnswer } from './rawRequest.ts';

export type LookupAnswer = RawAnswer;

/**
 * A lookup sent from a loopback address of the caller's choice (127.0.0.0/8 is all loopback on Linux):
 * two shoppers on two addresses, each with a rate-limit budget of their own.
 */
export function lookupFrom(
  from: string,
  origin: string,
  code: string,
  key: string,
  headers: Record<string, string> = {},
): Promise<LookupAnswer> {
  return rawRequest(`${origin}${TRACE_URL_PATH}`, {
    method: 'POST',
    from,
    headers: { 'content-type': 'application/json', [API_KEY_HEADER]: key, ...headers },
    body: JSON.stringify({ QrCode: code }),
  });
}

/** A well-formed code no one prints, different at each call. */
export const randomCode = (i: number) =>
  `RND${String(i).padStart(6, '0')}${Math.random().toString(36).slice(2, 10).toUpperCase().padEnd(8, '0')}`;
