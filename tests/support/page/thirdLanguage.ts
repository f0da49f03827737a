import type { LanguageEntry } from '@/i18n/languageList';
import en from '../../../locales/en.json';

/**
 * A throwaway third language, added as the README says a language is added: a catalogue and one entry
 * in the list. Only the texts the tests read are German; the rest stay English.
 */
const de: LanguageEntry['catalogue'] = {
  ...en,
  page: { title: 'QR-Code prüfen – {{brand}}', description: 'Rückverfolgung eines Milchprodukts per QR-Code.' },
  date: { format: '{{dd}}.{{mm}}.{{yyyy}}', months: 'Jan Feb Mär Apr Mai Jun Jul Aug Sep Okt Nov Dez' },
  busy: {
    title: 'Der Dienst ist ausgelastet',
    hint: 'Bitte warten: die Seite lädt in {{seconds}} Sekunden neu. Mit Ihrem Produkt hat das nichts zu tun.',
    retry: 'Jetzt neu laden',
  },
  lookup: { ...en.lookup, title: 'QR-Code prüfen' },
  result: { ...en.result, title: 'Produktinformationen', mfgDate: 'Herstellungsdatum' },
};

/**
 * Its support desk's texts: the desk finds a language's in its file in locales/ (src/features/support/deskTexts.ts),
 * which this language has not, so a test adds them to its instance.
 */
export const GERMAN_DESK_TEXTS = {
  support: {
    ...en.support,
    reply: {
      ...en.support.reply,
      greeting: 'Guten Tag und danke für Ihre Nachricht. Das haben wir gefunden:',
      dates: 'Herstellungsdatum: {{mfg}}; Verbrauchsdatum: {{exp}}.',
    },
  },
};

/** The list entry a test adds to src/i18n/languageList.ts. */
export const GERMAN: LanguageEntry = { code: 'de', name: 'Deutsch', catalogue: de };
