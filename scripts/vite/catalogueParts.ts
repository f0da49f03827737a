import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

const PART = /^(.+\.json)\?(without|only)=([\w,]+)$/;

/**
 * A part of a catalogue (locales/<code>.json): `?without=<key>[,<key>…]` is the catalogue less those top-level
 * keys, `?only=<key>` that key alone. The support desk's texts (`support`, a third of each catalogue) thus
 * load with the desk's chunk (src/features/support/deskTexts.ts), not in every shopper's first load
 * (src/i18n/languageList.ts). A module whose default export is that part, as a whole file's is the whole.
 */
export function catalogueParts(): Plugin {
  return {
    name: 'catalogue-parts',
    enforce: 'pre',
    async load(id) {
      const match = PART.exec(id);
      if (!match) return null;
      const [, file, part, key] = match;
      this.addWatchFile(file);
      const catalogue = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const keys = key.split(',');
      const value = JSON.stringify(
        part === 'only'
          ? { [key]: catalogue[key] }
          : Object.fromEntries(Object.entries(catalogue).filter(([name]) => !keys.includes(name))),
      );
      return { code: `export default ${value};`, moduleType: 'js' };
    },
  };
}
