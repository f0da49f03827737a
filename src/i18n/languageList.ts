// Without the support desk's texts, which load with the desk (src/features/support/deskTexts.ts), the report
// form's, which load with the form (src/features/report/reportTexts.ts), nor the GS1 Digital Link's, which load
// with the page at a Digital Link's address (src/features/lookup/digitalLink/gs1Texts.ts).
import en from '../../locales/en.json?without=support,report,gs1';
import vi from '../../locales/vi.json?without=support,report,gs1';

/**
 * A language the page speaks: its catalogue (locales/<code>.json, less the support desk's and the report form's
 * texts, which each finds there itself) and its name as its readers write it.
 */
export interface LanguageEntry {
  code: string;
  /** Shown in the language menu and the support reply's choice, in the language itself ('English'). */
  name: string;
  catalogue: typeof vi;
}

/**
 * Every language of the page, the default first. Another language is a catalogue in locales/ and one
 * entry here: the language menu, dates, the support reply, the page's title and the server render all
 * take their languages from this list (through ./languages.ts).
 */
export const LANGUAGES = [
  { code: 'vi', name: 'Tiếng Việt', catalogue: vi },
  { code: 'en', name: 'English', catalogue: en },
] as const satisfies readonly LanguageEntry[];
