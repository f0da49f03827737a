import { FALLBACK_LANGUAGE, type Language } from './languages';
import { LANGUAGE_COOKIE } from '../boot/protocol';
import { baseLanguage, isLanguage } from './i18n';

export interface LanguageHints {
  /** The address's `lng` parameter. */
  query: string | null;
  /** The request's Cookie header. */
  cookie?: string;
  /** The request's Accept-Language header. */
  acceptLanguage?: string;
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const pair of (header ?? '').split(';')) {
    const [key, ...value] = pair.split('=');
    if (key.trim() !== name) continue;
    try {
      return decodeURIComponent(value.join('=').trim());
    } catch {
      return null; // malformed escapes: as if there were no choice
    }
  }
  return null;
}

/** Accept-Language's languages, most wanted first (q=0 means not wanted). */
function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: baseLanguage(tag), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag !== '' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/**
 * The language the server renders in, by the page's own rules as far as a server can see them: the
 * address's `lng`, then the visitor's saved choice, then the browser's languages, then Vietnamese.
 */
export function requestLanguage({ query, cookie, acceptLanguage }: LanguageHints): Language {
  const candidates = [
    query && baseLanguage(query),
    cookieValue(cookie, LANGUAGE_COOKIE),
    ...acceptedLanguages(acceptLanguage),
  ];
  return candidates.find((candidate) => isLanguage(candidate)) ?? FALLBACK_LANGUAGE;
}
