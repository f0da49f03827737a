import type { i18n as I18n } from 'i18next';

type ReportTexts = Pick<typeof import('../../../locales/vi.json'), 'report'>;

/**
 * The report's texts in every catalogue of locales/ (each one's `report`: the form, the 34 provinces, the
 * errors), in the chunk of whatever shows them (the form, the support desk): a shopper who never reports never
 * loads them (src/i18n/languageList.ts takes the catalogues without them; the button's own text is
 * `reportAction`).
 */
const REPORT_TEXTS = import.meta.glob<ReportTexts>('../../../locales/*.json', {
  query: { only: 'report' },
  import: 'default',
  eager: true,
});

const withReportTexts = new WeakSet<I18n>();

/** Adds the report's texts to an i18n instance, once; before anything of the form or the desk's reports renders. */
export function addReportTexts(instance: I18n): void {
  if (withReportTexts.has(instance)) return;
  withReportTexts.add(instance);
  for (const [path, texts] of Object.entries(REPORT_TEXTS)) {
    const language = /([\w-]+)\.json$/.exec(path)?.[1];
    // Merged, never over what the instance already holds for a language.
    if (language) instance.addResourceBundle(language, 'translation', texts, true, false);
  }
}
