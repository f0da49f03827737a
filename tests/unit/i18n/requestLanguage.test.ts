import { describe, expect, it } from 'vitest';
import { requestLanguage } from '@/i18n/requestLanguage';

describe('the language a server render picks', () => {
  it('takes lng from the address first', () => {
    expect(requestLanguage({ query: 'en', cookie: 'i18nextLng=vi', acceptLanguage: 'vi' })).toBe('en');
    expect(requestLanguage({ query: 'en-GB', acceptLanguage: 'vi' })).toBe('en');
  });

  it('then the saved choice in the cookie, among other cookies', () => {
    expect(requestLanguage({ query: null, cookie: 'a=1; i18nextLng=en; b=2', acceptLanguage: 'vi' })).toBe('en');
  });

  it('then Accept-Language by preference, skipping what the page does not have and q=0', () => {
    expect(requestLanguage({ query: null, acceptLanguage: 'fr-FR, en-US;q=0.8, vi;q=0.9' })).toBe('vi');
    expect(requestLanguage({ query: null, acceptLanguage: 'de;q=1, vi;q=0, en;q=0.1' })).toBe('en');
  });

  it('falls back to Vietnamese for anything else, including junk', () => {
    expect(requestLanguage({ query: 'fr', cookie: 'i18nextLng=<script>', acceptLanguage: ';;,q=,*' })).toBe('vi');
    expect(requestLanguage({ query: null })).toBe('vi');
    expect(requestLanguage({ query: null, cookie: 'i18nextLng=%E0%A4%A', acceptLanguage: 'en' })).toBe('en');
  });
});
