import { describe, expect, it } from 'vitest';
import { shareLink } from '@/features/lookup/share/shareLink';

const CODE = '1D24B3261X54A2320';
const origin = 'https://trace.example.com';

describe('shareLink', () => {
  it("is the code's page, with no language when the page shows what the browser would pick", () => {
    expect(shareLink(CODE, { origin, language: 'vi', addressLanguage: null, browserLanguages: ['vi-VN', 'en'] })).toBe(
      `${origin}/dt?qr=${CODE}`,
    );
    expect(shareLink(CODE, { origin, language: 'en', addressLanguage: null, browserLanguages: ['en-US'] })).toBe(
      `${origin}/dt?qr=${CODE}`,
    );
    expect(shareLink(CODE, { origin, language: 'vi', addressLanguage: null, browserLanguages: ['fr-FR'] })).toBe(
      `${origin}/dt?qr=${CODE}`,
    );
  });

  it('carries the language the visitor chose', () => {
    expect(shareLink(CODE, { origin, language: 'en', addressLanguage: null, browserLanguages: ['vi-VN'] })).toBe(
      `${origin}/dt?qr=${CODE}&lng=en`,
    );
    expect(shareLink(CODE, { origin, language: 'vi', addressLanguage: 'vi', browserLanguages: ['vi'] })).toBe(
      `${origin}/dt?qr=${CODE}&lng=vi`,
    );
  });

  it('escapes what it puts in the address', () => {
    expect(shareLink('a&b c', { origin, language: 'vi', addressLanguage: null, browserLanguages: [] })).toBe(
      `${origin}/dt?qr=a%26b+c`,
    );
  });
});
