import { request, type IncomingHttpHeaders } from 'node:http';

/** A response as Node's http client reads it: the status, the headers (lower-case names) and the body as text. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RawRequestOptions {
  method?: string;
  /** Sent exactly as given, and nothing else but Host, Connection and the body's Content-Length. */
  headers?: Record<string, string>;
  body?: string;
  /** The loopback address to send from (Linux routes all of 127.0.0.0/8 to loopback): a client of its own. */
  from?: string;
}

/**
 * One request through node:http, on a connection of its own, for what Node's fetch cannot do: send a page
 * navigation's headers as a browser (or a preview fetcher) sends them (fetch adds its own Sec-Fetch-Mode: cors,
 * which no navigation carries), a forged Host, or come from a loopback address of the test's choice, so that
 * two shoppers on two addresses each have a rate-limit budget of their own.
 */
export function rawRequest(
  url: string,
  { method = 'GET', headers = {}, body, from }: RawRequestOptions = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, headers, agent: false, localAddress: from }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(body);
  });
}
