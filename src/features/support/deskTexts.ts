import type { i18n as I18n } from 'i18next';

type DeskTexts = Pick<typeof import('../../../locales/vi.json'), 'support'>;

/**
 * The desk's texts in every catalogue of locales/ (each one's `support`), in the desk's chunk: no shopper's
 * page shows them, and they are a third of each catalogue (the page's first load takes the rest,
 * src/i18n/languageList.ts; scripts/vite/catalogueParts.ts cuts the parts).
 */
const DESK_TEXTS = import.meta.glob<DeskTexts>('../../../locales/*.json', {
  query: { only: 'support' },
  import: 'default',
  eager: true,
});

const withDeskTexts = new WeakSet<I18n>();

/** Adds the desk's texts to an i18n instance, once; before anything of the desk renders or writes a reply. */
export function addDeskTexts(instance: I18n): void {
  if (withDeskTexts.has(instance)) return;
  withDeskTexts.add(instance);
  for (const [path, texts] of Object.entries(DESK_TEXTS)) {
    const language = /([\w-]+)\.json$/.exec(path)?.[1];
    // Merged, never over what the instance already holds for a language.
    if (language) instance.addResourceBundle(language, 'translation', texts, true, false);
  }
}
