import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nOptions, languageOf } from '@/i18n/i18n';

/** A fresh instance with the page's own options, so detection runs again for each case. */
async function detect() {
  const instance = i18next.createInstance();
  await instance.use(LanguageDetector).init(i18nOptions);
  return languageOf(instance);
}

function browserLanguages(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

// The shared test instance stores its language on every change; each case starts from a new visitor.
beforeEach(() => {
  localStorage.clear();
  document.cookie = 'i18nextLng=; path=/; max-age=0';
});

afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.lang = 'vi';
});

describe('language detection', () => {
  it('takes ?lng first', async () => {
    window.history.replaceState(null, '', '/dt?lng=en');
    localStorage.setItem('i18nextLng', 'vi');
    browserLanguages('vi-VN');
    expect(await detect()).toBe('en');
  });

  it('then the saved choice in the i18nextLng cookie, which the server sees too', async () => {
    document.cookie = 'i18nextLng=en; path=/';
    localStorage.setItem('i18nextLng', 'vi');
    browserLanguages('vi-VN');
    expect(await detect()).toBe('en');
  });

  it('then the language stored under i18nextLng', async () => {
    localStorage.setItem('i18nextLng', 'en');
    browserLanguages('vi-VN');
    expect(await detect()).toBe('en');
  });

  it("then the browser's languages, regional variants included", async () => {
    browserLanguages('en-US', 'vi');
    expect(await detect()).toBe('en');
  });

  it('then the <html lang> attribute', async () => {
    browserLanguages();
    document.documentElement.lang = 'en';
    expect(await detect()).toBe('en');
  });

  it('skips languages the page does not have', async () => {
    window.history.replaceState(null, '', '/?lng=fr');
    browserLanguages('de-DE', 'en-GB');
    expect(await detect()).toBe('en');
  });

  it('falls back to Vietnamese', async () => {
    browserLanguages('fr-FR');
    document.documentElement.lang = 'ja';
    expect(await detect()).toBe('vi');
  });

  it('remembers the detected language in i18nextLng, in localStorage and in a cookie', async () => {
    window.history.replaceState(null, '', '/?lng=en');
    await detect();
    expect(localStorage.getItem('i18nextLng')).toBe('en');
    expect(document.cookie).toContain('i18nextLng=en');
  });
});
