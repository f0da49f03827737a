import i18next, { type InitOptions, type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import vi from '../../locales/vi.json';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '@/config';

export const resources = { vi: { translation: vi }, en: { translation: en } } as const;

export function isLanguage(value: string | undefined): value is Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(value ?? '');
}

function followHtmlLang(lng: string) {
  document.documentElement.lang = isLanguage(lng) ? lng : FALLBACK_LANGUAGE;
}

export const i18nOptions: InitOptions = {
  resources,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: FALLBACK_LANGUAGE,
  interpolation: { escapeValue: false },
  detection: {
    order: ['querystring', 'localStorage', 'navigator', 'htmlTag'],
    lookupQuerystring: 'lng',
    lookupLocalStorage: 'i18nextLng',
    caches: ['localStorage'],
    // vi-VN, en-US and the like count as vi and en.
    convertDetectedLanguage: (lng: string) => lng.split('-')[0].toLowerCase(),
  },
};

/** The page's instance: detects the language, feeds react-i18next and keeps <html lang> in step. */
export async function createI18n(): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.on('languageChanged', followHtmlLang);
  await instance.use(LanguageDetector).use(initReactI18next).init(i18nOptions);
  return instance;
}

/** The language an instance shows, always one of the supported ones. */
export function languageOf(instance: I18n): Language {
  return isLanguage(instance.resolvedLanguage) ? instance.resolvedLanguage : FALLBACK_LANGUAGE;
}
