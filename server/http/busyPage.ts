import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../src/contract/htmlEscape.ts';
import type { BusyPageTexts } from '../../src/contract/traceContract.ts';

// What a shopper sees instead of the page when the service will not render it now (429: their
// address's budget is spent; 503: too many renders at once): the page's title and its own "try again"
// texts, in the language the page would have been rendered in (the page's server build picks it from
// its list of languages: src/entry-server.tsx, busyTexts), and a reload once the wait is over. No
// script, style or picture: it costs nothing to send.

export function busyPageHtml({ lang, title, hint, retry }: BusyPageTexts, retryAfterSeconds: number): string {
  const heading = escapeHtml(title);
  return (
    `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta http-equiv="refresh" content="${retryAfterSeconds}"><title>${heading}</title></head>` +
    `<body><main><h1>${heading}</h1><p>${escapeHtml(hint)}</p>` +
    `<p><a href="">${escapeHtml(retry)}</a></p></main></body></html>`
  );
}

/** 429 or 503 with Retry-After, never stored by a cache: the next try may well be answered. */
export function sendBusyPage(
  reply: FastifyReply,
  status: 429 | 503,
  retryAfterSeconds: number,
  texts: BusyPageTexts,
): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('retry-after', String(retryAfterSeconds))
    .send(busyPageHtml(texts, retryAfterSeconds));
}

/** The texts of a request's busy page, from the page's server build. */
export type BusyTextsOf = (request: FastifyRequest) => BusyPageTexts;
