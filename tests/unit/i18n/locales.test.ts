import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import vi from '../../../locales/vi.json';

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function valueAt(tree: object, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree);
}

describe('the translation catalogues', () => {
  it('have exactly the same keys in Vietnamese and English', () => {
    expect(keysOf(vi).sort()).toEqual(keysOf(en).sort());
  });

  it('leave no text empty', () => {
    for (const catalogue of [vi, en]) {
      for (const key of keysOf(catalogue)) expect(String(valueAt(catalogue, key)).trim(), key).not.toBe('');
    }
  });

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: unknown) => (String(text).match(/{{\w+}}/g) ?? []).sort();
    // The table's unit words: Vietnamese shows the service's own word ({{given}}), English a translation.
    for (const key of keysOf(vi).filter((k) => !k.startsWith('units.'))) {
      expect(placeholders(valueAt(vi, key)), key).toEqual(placeholders(valueAt(en, key)));
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
      ['address', 'canList', 'code', 'documentDate', 'documentNumber', 'name', 'shopInformation', 'status', 'supplierInformation'].sort(),
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
