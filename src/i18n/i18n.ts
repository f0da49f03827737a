import i18next, { type InitOptions, type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_SECONDS } from '../boot/protocol';
import { brand } from '../../theme/brand';
import { FALLBACK_LANGUAGE, LANGUAGES, SUPPORTED_LANGUAGES, type Language } from './languages';

export const resources = Object.fromEntries(LANGUAGES.map(({ code, catalogue }) => [code, { translation: catalogue }]));

export function isLanguage(value: string | undefined | null): value is Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(value ?? '');
}

/** vi-VN, en-US and the like count as vi and en. */
export function baseLanguage(tag: string): string {
  return tag.split('-')[0].trim().toLowerCase();
}

/** The page's title and description in a language, as the server render writes them too. */
export function pageHead(instance: I18n): { title: string; description: string } {
  return { title: instance.t('page.title', { brand: brand.name }), description: instance.t('page.description') };
}

/** <html lang>, the tab's title and the description a share preview reads follow the page's language. */
function followLanguage(instance: I18n) {
  document.documentElement.lang = languageOf(instance);
  const { title, description } = pageHead(instance);
  document.title = title;
  document.querySelector('meta[name="description"]')?.setAttribute('content', description);
}

export const i18nOptions: InitOptions = {
  resources,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: FALLBACK_LANGUAGE,
  interpolation: { escapeValue: false },
  detection: {
    // The cookie mirrors localStorage (both are written on every choice): the server renders by it.
    order: ['querystring', 'cookie', 'localStorage', 'navigator', 'htmlTag'],
    lookupQuerystring: 'lng',
    lookupCookie: LANGUAGE_COOKIE,
    lookupLocalStorage: LANGUAGE_COOKIE,
    caches: ['localStorage', 'cookie'],
    cookieMinutes: LANGUAGE_COOKIE_SECONDS / 60,
    cookieOptions: { path: '/', sameSite: 'lax' },
    convertDetectedLanguage: baseLanguage,
  },
};

/**
 * The page's instance: detects the language, feeds react-i18next and keeps <html lang> in step. A page
 * the server rendered starts in the language the server chose (by the same rules, from what it could
 * see), so hydration shows no flash of the other language.
 */
export async function createI18n(renderedIn?: Language): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.on('languageChanged', () => followLanguage(instance));
  await instance
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({ ...i18nOptions, lng: renderedIn });
  if (renderedIn) instance.services.languageDetector?.cacheUserLanguage?.(renderedIn);
  return instance;
}

/** An instance for one server render, in the language chosen for that request. */
export function createServerI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  // Not the global react-i18next instance: renders run side by side, each gets its own through a provider.
  void instance.init({ ...i18nOptions, lng: language, initAsync: false });
  return instance;
}

/** The language an instance shows, always one of the supported ones. */
export function languageOf(instance: I18n): Language {
  return isLanguage(instance.resolvedLanguage) ? instance.resolvedLanguage : FALLBACK_LANGUAGE;
}
