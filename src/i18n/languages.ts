import { LANGUAGES, type LanguageEntry } from './languageList';

export { LANGUAGES, type LanguageEntry };

export type Language = (typeof LANGUAGES)[number]['code'];

export const SUPPORTED_LANGUAGES: readonly Language[] = LANGUAGES.map(({ code }) => code);

export const FALLBACK_LANGUAGE: Language = LANGUAGES[0].code;

/** The list's entry for a language; the default one for any other tag. */
export function languageEntry(language: string): LanguageEntry {
  return LANGUAGES.find(({ code }) => code === language) ?? LANGUAGES[0];
}

/**
 * The language the header's button switches to: with two languages, the other one. None with more: the
 * button opens a menu of them all instead (src/layout/LanguageToggle.tsx).
 */
export function switchedLanguage(language: Language): Language | null {
  if (LANGUAGES.length !== 2) return null;
  return LANGUAGES[(LANGUAGES.findIndex((entry) => entry.code === language) + 1) % LANGUAGES.length].code;
}
