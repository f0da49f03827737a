import { request } from 'node:http';

/**
 * A page request with exactly the headers given, as a browser (or a preview fetcher) sends them: Node's
 * fetch puts its own Sec-Fetch-Mode (cors) on every request, which no page navigation carries.
 */
export function requestPage(
  url: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}
