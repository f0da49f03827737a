import type { i18n as I18n } from 'i18next';
import type { Gs1Catalogues } from './gs1Catalogues';

const withGs1Texts = new WeakSet<I18n>();

/**
 * Adds the GS1 Digital Link's texts (the pack-against-record warning, the lot's and the product's views) to an
 * i18n instance, once, before any of them renders. They come with the chunks that need them (./gs1Catalogues):
 * a shopper who comes by `/dt?qr=` never loads them (src/i18n/languageList.ts leaves them out).
 */
export function addGs1Texts(instance: I18n, catalogues: Gs1Catalogues): void {
  if (withGs1Texts.has(instance)) return;
  withGs1Texts.add(instance);
  for (const [path, texts] of Object.entries(catalogues)) {
    const language = /([\w-]+)\.json$/.exec(path)?.[1];
    // Merged, never over what the instance already holds for a language.
    if (language) instance.addResourceBundle(language, 'translation', texts, true, false);
  }
}
