import type { i18n as I18n } from 'i18next';

type Gs1Texts = Pick<typeof import('../../../../locales/vi.json'), 'gs1'>;

/**
 * The GS1 Digital Link's texts in every catalogue of locales/ (each one's `gs1`: the pack-against-record warning,
 * the lot's and the product's views), in the chunk of the page at a Digital Link's address and in the desk's:
 * a shopper who comes by `/dt?qr=` never needs them (src/i18n/languageList.ts leaves them out).
 */
const GS1_TEXTS = import.meta.glob<Gs1Texts>('../../../../locales/*.json', {
  query: { only: 'gs1' },
  import: 'default',
  eager: true,
});

const withGs1Texts = new WeakSet<I18n>();

/** Adds the Digital Link's texts to an i18n instance, once; before any of them renders. */
export function addGs1Texts(instance: I18n): void {
  if (withGs1Texts.has(instance)) return;
  withGs1Texts.add(instance);
  for (const [path, texts] of Object.entries(GS1_TEXTS)) {
    const language = /([\w-]+)\.json$/.exec(path)?.[1];
    // Merged, never over what the instance already holds for a language.
    if (language) instance.addResourceBundle(language, 'translation', texts, true, false);
  }
}
