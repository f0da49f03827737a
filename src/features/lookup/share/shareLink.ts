import { FALLBACK_LANGUAGE } from '@/i18n/languages';
import { baseLanguage, isLanguage } from '@/i18n/i18n';
import { codeLink } from '../codeLink';

export interface ShareContext {
  /** The page's origin, e.g. https://trace.example.com. */
  origin: string;
  /** The language the page shows. */
  language: string;
  /** The address's `lng`, when it has one. */
  addressLanguage: string | null;
  /** The browser's languages, most wanted first (navigator.languages). */
  browserLanguages: readonly string[];
}

/** The language a visitor gets without choosing: the browser's first supported one, else Vietnamese. */
function unchosenLanguage(browserLanguages: readonly string[]): string {
  return browserLanguages.map(baseLanguage).find((language) => isLanguage(language)) ?? FALLBACK_LANGUAGE;
}

/**
 * The link to share for a code: `/dt?qr=<code>`, with `lng` when the visitor chose the language (the
 * address says so, or the page shows another language than their browser would give), so the receiver
 * reads what the sender read; otherwise the receiver's own browser decides.
 */
export function shareLink(code: string, { origin, language, addressLanguage, browserLanguages }: ShareContext): string {
  const url = new URL(codeLink(code), origin);
  const chosen = isLanguage(addressLanguage) || language !== unchosenLanguage(browserLanguages);
  if (chosen) url.searchParams.set('lng', language);
  return url.href;
}
