import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import vi from '../../locales/vi.json';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '@/config';

export const resources = { vi: { translation: vi }, en: { translation: en } } as const;

export function isLanguage(value: string | undefined): value is Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(value ?? '');
}

/** The language the page shows, always one of the supported ones. */
export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : FALLBACK_LANGUAGE;
}

function followHtmlLang(lng: string) {
  document.documentElement.lang = isLanguage(lng) ? lng : FALLBACK_LANGUAGE;
}

/** Initialised once at start-up; tests call it too, so every test sees the real catalogues. */
export async function initI18n() {
  if (i18n.isInitialized) return i18n;
  i18n.on('languageChanged', followHtmlLang);
  await i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources,
      supportedLngs: SUPPORTED_LANGUAGES,
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
    });
  return i18n;
}

export { i18n };
