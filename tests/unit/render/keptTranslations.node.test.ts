import type { i18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import { createServerI18n } from '@/i18n/i18n';
import { KEPT_TEXTS, withKeptTranslations } from '@/ssr/keptTranslations';

/** A fixed `t` called with any key, as the tests below make up their calls from lists. */
type LooseT = (key: string, values?: Record<string, unknown>) => string;
const fixedT = (instance: i18n, language: string) =>
  withKeptTranslations(instance).getFixedT(language, 'translation') as unknown as LooseT;

// The server render's texts, kept between renders: always what i18next itself says for the same call.
describe("a server render's kept translations", () => {
  it('give the texts i18next gives, for each key and each set of values, plural forms included', () => {
    const instance = createServerI18n('en');
    const t = fixedT(instance, 'en');
    const plain = instance.getFixedT('en', 'translation') as unknown as LooseT;
    const calls: [string, Record<string, unknown>?][] = [
      ['result.title'],
      ['result.packetCount', { count: 1 }],
      ['result.packetCount', { count: 48 }],
      ['result.inCarton', { carton: 'TH26A1105C48B0001', count: 48 }],
      ['result.inCarton', { carton: 'TH26A1105C48B0002', count: 1 }],
      ['page.title', { brand: 'A & B' }],
    ];
    // Twice over: the second time from what was kept.
    for (const [key, values] of [...calls, ...calls]) expect(t(key, values)).toBe(plain(key, values));
    expect(t('result.packetCount', { count: 48 })).toBe('48 units');
  });

  it('keep what they answered, and start over once they hold their bound', () => {
    const instance = createServerI18n('en');
    const t = fixedT(instance, 'en');
    const before = t('result.title');
    // The instance never changes in a render; changed here, it shows which answer was kept.
    instance.addResource('en', 'translation', 'result.title', 'Changed');
    expect(t('result.title')).toBe(before);
    for (let i = 0; i < KEPT_TEXTS; i++) t('result.packetCount', { count: i });
    expect(t('result.title')).toBe('Changed');
  });

  it('keep the texts of each language apart', () => {
    const vi = fixedT(createServerI18n('vi'), 'vi');
    const en = fixedT(createServerI18n('en'), 'en');
    expect(vi('result.packetCount', { count: 2 })).not.toBe(en('result.packetCount', { count: 2 }));
  });
});
