import type { FastifyReply, FastifyRequest } from 'fastify';
import en from '../../locales/en.json' with { type: 'json' };
import vi from '../../locales/vi.json' with { type: 'json' };

// What a shopper sees instead of the page when the service will not render it now (429: their
// address's budget is spent; 503: too many renders at once): the page's title and its own "try again"
// texts, in their language, and a reload once the wait is over. No script, style or picture: it costs
// nothing to send.

const TEXTS = { vi, en } as const;
type Language = keyof typeof TEXTS;
/** The page's language cookie (src/i18n/i18n.ts). */
const LANGUAGE_COOKIE = 'i18nextLng';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const isLanguage = (tag: string | null | undefined): tag is Language => tag === 'vi' || tag === 'en';
const baseOf = (tag: string) => tag.trim().toLowerCase().split('-')[0] ?? '';

/**
 * The page's own order, as far as this page needs it: the address's `lng`, the saved choice, the
 * browser's languages by weight, then Vietnamese.
 */
export function busyLanguage(url: string, cookie: string | undefined, acceptLanguage: string | undefined): Language {
  const query = /[?&]lng=([^&#]*)/.exec(url)?.[1];
  const saved = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=([^;]*)`).exec(cookie ?? '')?.[1];
  const accepted = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.split(';');
      const q = Number(/q=([\d.]+)/.exec(params.join(';'))?.[1] ?? 1);
      return { tag: baseOf(tag), q };
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q)
    .map(({ tag }) => tag);
  return [query, saved].map((tag) => tag && baseOf(tag)).concat(accepted).find(isLanguage) ?? 'vi';
}

export function busyPageHtml(language: Language, retryAfterSeconds: number): string {
  const t = TEXTS[language];
  const title = escapeHtml(t.lookup.title);
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta http-equiv="refresh" content="${retryAfterSeconds}"><title>${title}</title></head>` +
    `<body><main><h1>${title}</h1><p>${escapeHtml(t.help.retryHint)}</p>` +
    `<p><a href="">${escapeHtml(t.help.retry)}</a></p></main></body></html>`
  );
}

/** 429 or 503 with Retry-After, never stored by a cache: the next try may well be answered. */
export function sendBusyPage(request: FastifyRequest, reply: FastifyReply, status: 429 | 503, retryAfterSeconds: number): FastifyReply {
  const language = busyLanguage(request.url, request.headers.cookie, request.headers['accept-language']);
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('retry-after', String(retryAfterSeconds))
    .send(busyPageHtml(language, retryAfterSeconds));
}
