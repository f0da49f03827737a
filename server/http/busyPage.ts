import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../src/contract/htmlEscape.ts';
import type { BusyPageTexts } from '../../src/contract/traceContract.ts';

// What a shopper sees instead of the page when the service will not render it now (429: their
// address's budget is spent; 503: too many renders at once), in the language the page would have been
// rendered in (the page's server build words it: src/ssr/entry-server.tsx, busyTexts). A shopper who just
// scanned must not take it for a verdict on the can, nor a bare page on an anti-fake site for phishing:
// it carries the brand and its colour, says it is not about the product and that it reloads by itself
// (a meta refresh once the wait is over), and offers a thumb-sized button to reload now. About 600
// bytes of inline style: no script, file or picture, so it costs next to nothing to send.

/** A #rgb or #rrggbb colour as given, else the page's default blue: it goes into a style attribute. */
const cssColour = (colour: string) => (/^#(?:[0-9a-f]{3}){1,2}$/i.test(colour) ? colour : '#0b5cad');

const STYLE =
  'body{margin:0;font:16px/1.5 Roboto,"Noto Sans","Segoe UI",system-ui,-apple-system,Arial,sans-serif;' +
  'color:rgba(0,0,0,.87);background:#f5f7fa}' +
  'header{padding:12px 16px;color:#fff;font-weight:600;font-size:1.125rem}' +
  'main{max-width:40rem;margin:0 auto;padding:24px 16px}' +
  'h1{margin:0 0 8px;font-size:1.5rem;line-height:1.2}p{margin:0 0 24px}' +
  'a{display:inline-flex;align-items:center;min-height:48px;padding:0 24px;border-radius:8px;' +
  'color:#fff;font-weight:600;text-decoration:none}a:focus-visible{outline:3px solid #000;outline-offset:2px}';

export function busyPageHtml(texts: BusyPageTexts, retryAfterSeconds: number): string {
  const { lang, brand, pageTitle, title, hint, retry } = texts;
  const primary = cssColour(texts.primary);
  return (
    `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="robots" content="noindex"><meta name="theme-color" content="${primary}">` +
    `<meta http-equiv="refresh" content="${retryAfterSeconds}"><title>${escapeHtml(pageTitle)}</title>` +
    `<style>${STYLE}header,a{background:${primary}}</style></head>` +
    `<body><header>${escapeHtml(brand)}</header><main><h1>${escapeHtml(title)}</h1>` +
    `<p>${escapeHtml(hint)}</p><a href="">${escapeHtml(retry)}</a></main></body></html>`
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

/** The texts of a request's busy page, from the page's server build, worded for its wait. */
export type BusyTextsOf = (request: FastifyRequest, retryAfterSeconds: number) => BusyPageTexts;
