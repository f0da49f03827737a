import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

const PART = /^(.+\.json)\?(without|only)=(\w+(?:,\w+)*)$/;

/**
 * A part of a catalogue (locales/<code>.json): `?without=<key>[,<key>…]` is the catalogue less those top-level
 * keys, `?only=<key>` that key alone. The support desk's texts (`support`, a third of each catalogue) thus
 * load with the desk's chunk (src/features/support/deskTexts.ts), the report form's (`report`) with the
 * form's (src/features/report/reportTexts.ts) and the Digital Link's (`gs1`) with the page at such an address,
 * not in every shopper's first load (src/i18n/languageList.ts).
 * A module whose default export is that part, as a whole file's is the whole.
 */
export function catalogueParts(): Plugin {
  return {
    name: 'catalogue-parts',
    enforce: 'pre',
    async load(id) {
      const match = PART.exec(id);
      if (!match) return null;
      const [, file, part, list] = match;
      this.addWatchFile(file);
      const keys = new Set(list.split(','));
      const catalogue = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const value = JSON.stringify(
        Object.fromEntries(Object.entries(catalogue).filter(([key]) => keys.has(key) === (part === 'only'))),
      );
      return { code: `export default ${value};`, moduleType: 'js' };
    },
  };
}
