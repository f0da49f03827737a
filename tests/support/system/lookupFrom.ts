import { request } from 'node:http';
import { API_KEY_HEADER, TRACE_URL_PATH } from '../../../src/contract/traceContract.ts';

export interface LookupAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

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
  return new Promise((resolve, reject) => {
    const target = new URL(`${origin}${TRACE_URL_PATH}`);
    const sent = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: { 'content-type': 'application/json', [API_KEY_HEADER]: key, ...headers },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    sent.on('error', reject);
    sent.end(JSON.stringify({ QrCode: code }));
  });
}

/** A well-formed code no one prints, different at each call. */
export const randomCode = (i: number) =>
  `RND${String(i).padStart(6, '0')}${Math.random().toString(36).slice(2, 10).toUpperCase().padEnd(8, '0')}`;
