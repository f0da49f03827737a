import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/i18n/languages';
import en from '../../../locales/en.json';
import vi from '../../../locales/vi.json';

const LOCALES_DIR = join(process.cwd(), 'locales');
/** Every catalogue file there is, listed or not, by its language code. */
const catalogues = new Map(
  readdirSync(LOCALES_DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [file.replace(/\.json$/, ''), JSON.parse(readFileSync(join(LOCALES_DIR, file), 'utf8')) as object]),
);
const DEFAULT = LANGUAGES[0].code;
const others = [...catalogues.keys()].filter((code) => code !== DEFAULT);
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function valueAt(tree: object, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);
}

describe('the translation catalogues', () => {
  it('are the languages of the list, one file each', () => {
    expect([...catalogues.keys()].sort()).toEqual(LANGUAGES.map(({ code }) => code).sort());
  });

  // Plural forms differ by language (Vietnamese needs one, English two, Polish four): compared without them.
  const textKeys = (tree: object) => [...new Set(keysOf(tree).map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();

  it.each(others)('have the same texts in %s as in the default language', (code) => {
    expect(textKeys(catalogues.get(code)!)).toEqual(textKeys(catalogues.get(DEFAULT)!));
  });

  it('leave no text empty', () => {
    for (const catalogue of catalogues.values()) {
      for (const key of keysOf(catalogue)) expect(String(valueAt(catalogue, key)).trim(), key).not.toBe('');
    }
  });

  it.each(others)('use the same placeholders in %s as in the default language', (code) => {
    const placeholders = (text: unknown) => (String(text).match(/{{\w+}}/g) ?? []).sort();
    const catalogue = catalogues.get(code)!;
    const defaults = catalogues.get(DEFAULT)!;
    const pluralBase = (tree: object, key: string) =>
      valueAt(tree, key) ?? valueAt(tree, `${key.replace(PLURAL_SUFFIX, '')}_other`);
    // The table's unit words: Vietnamese shows the service's own word ({{given}}), English a translation;
    // a date's pattern names the parts its language writes (dd/mm/yyyy, d mon yyyy).
    for (const key of keysOf(catalogue).filter((k) => !k.startsWith('units.') && !k.startsWith('date.'))) {
      expect(placeholders(valueAt(catalogue, key)), key).toEqual(placeholders(pluralBase(defaults, key)));
    }
  });

  // A count shown with one wording for every number reads "1 units" or "1 more were left out".
  it.each([...catalogues.keys()])('give every text with a {{count}} the plural forms %s needs', (code) => {
    const catalogue = catalogues.get(code)!;
    const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    for (const key of keysOf(catalogue).filter((k) => String(valueAt(catalogue, k)).includes('{{count}}'))) {
      expect(key, `${key} shows {{count}} without plural forms`).toMatch(PLURAL_SUFFIX);
      const base = key.replace(PLURAL_SUFFIX, '');
      for (const category of categories)
        expect(valueAt(catalogue, `${base}_${category}`), `${base}_${category}`).toBeDefined();
    }
  });

  it('write Vietnamese without English words and with one verb for looking up', () => {
    // Placeholders ({{endpoint}}) are names for the code, not words the shopper reads.
    const texts = keysOf(vi).map((key) => String(valueAt(vi, key)).replace(/{{\w+}}/g, ''));
    for (const text of texts) expect(text, text).not.toMatch(/\b(endpoint|search|error|loading|share|link)\b/i);
    expect(vi.lookup.search).toBe('Tra cứu');
    expect(texts.filter((text) => /tìm kiếm/i.test(text))).toEqual([]);
  });

  it('hold the specification texts in English', () => {
    expect(en.lookup.placeholder).toBe('Enter the QR code to look up. E.g.: 1D24B3261X54A2320');
    expect(en.errors).toMatchObject({
      noProducts: 'No products found',
      systemErrorAt: 'System error: error code {{code}} at endpoint {{endpoint}}!',
      systemError: 'System error!',
      emptyCode: 'Please scan or enter the QR code',
      invalidCode: 'Invalid QR code',
    });
    expect(en.notFound.title).toBe('Page not found!');
    expect(en.result.title).toBe('Product information');
    expect(en.result.updating).toBe('Updating');
    expect(en.result.totalPacket).toBe('Number of products per carton');
    expect(en.lookup.noInformation).toBe('No information to display');
    expect(en.scanner.errors.permissionDenied).toBe('Camera access not granted!');
    expect(en.scanner.errors.cameraNotFound).toBe('Camera not found!');
    expect(en.scanner.errors.noCodeDetected).toBe('No barcode or QR code detected.');
  });

  it('keep labels for the unused fields of the specification', () => {
    expect(Object.keys(en.labels).sort()).toEqual(
      [
        'address',
        'canList',
        'code',
        'documentDate',
        'documentNumber',
        'name',
        'shopInformation',
        'status',
        'supplierInformation',
      ].sort(),
    );
  });

  it('write Vietnamese with its diacritics, not as bare ASCII', () => {
    expect(vi.errors.emptyCode).toBe('Vui lòng quét hoặc nhập mã QR');
    expect(vi.result.updating).toBe('Đang cập nhật');
    const texts = keysOf(vi).map((key) => String(valueAt(vi, key)));
    const withDiacritics = texts.filter((text) => /[^ -~]/.test(text));
    // Everything but placeholders-only entries and codes such as "Mã QR" should carry Vietnamese letters.
    expect(withDiacritics.length / texts.length).toBeGreaterThan(0.8);
    for (const text of texts) expect(text.normalize('NFC'), text).toBe(text);
  });
});
