import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { brand } from '../../theme/brand';
import { UNIT_CODE, e2eSuite } from '../support/browser/e2eSuite';
import { lookupPage, unitRows } from '../support/browser/lookupPage';
import { DESKTOP_EN, PHONE_VI } from '../support/browser/profiles';
import { TEXTS, fill, type Language } from '../support/browser/texts';

const suite = e2eSuite();

// What each language's name is in itself (src/i18n/languages.ts): the button offers the other one.
const OTHER: Record<Language, string> = { vi: 'English', en: 'Tiếng Việt' };

function languageButton(page: Page, language: Language) {
  const name = fill(TEXTS[language].layout.languageButton, { current: language.toUpperCase(), next: OTHER[language] });
  return page.getByRole('button', { name, exact: true });
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const title = (page: Page) => page.evaluate(() => document.title);
const description = (page: Page) =>
  page.evaluate(() => document.querySelector('meta[name="description"]')?.getAttribute('content'));

describe('language in Chromium', () => {
  it('a Vietnamese phone gets Vietnamese; the VI button switches every text to English at once, and a reload keeps it', async () => {
    const { page, problems } = await suite.open('vi', PHONE_VI.context, `/?qr=${UNIT_CODE}`);
    const vi = lookupPage(page, TEXTS.vi);
    expect(await vi.rows()).toEqual(unitRows(TEXTS.vi, 'vi'));
    expect(await languageButton(page, 'vi').innerText()).toBe('VI');
    expect(await htmlLang(page)).toBe('vi');

    await languageButton(page, 'vi').click();

    const en = lookupPage(page, TEXTS.en);
    await en.heading.waitFor();
    expect(await en.rows()).toEqual(unitRows(TEXTS.en, 'en')); // can, 900 gram: no new request needed
    expect(await en.input.getAttribute('placeholder')).toBe(TEXTS.en.lookup.placeholder);
    expect(await languageButton(page, 'en').innerText()).toBe('EN');
    expect(await htmlLang(page)).toBe('en');
    expect(await title(page)).toBe(fill(TEXTS.en.page.title, { brand: brand.name }));
    expect(await description(page)).toBe(TEXTS.en.page.description);

    await page.reload();
    await en.heading.waitFor();
    expect(await en.rows()).toEqual(unitRows(TEXTS.en, 'en'));
    expect(await htmlLang(page)).toBe('en');

    await languageButton(page, 'en').click();
    await vi.heading.waitFor();
    expect(await htmlLang(page)).toBe('vi');
    expect(await title(page)).toBe(fill(TEXTS.vi.page.title, { brand: brand.name }));
    expect(await description(page)).toBe(TEXTS.vi.page.description);
    expect(problems).toEqual([]);
  });

  it('?lng=en shows English on a Vietnamese phone', async () => {
    const { page } = await suite.open('en', PHONE_VI.context, '/?lng=en');
    await lookupPage(page, TEXTS.en).heading.waitFor();
    expect(await languageButton(page, 'en').innerText()).toBe('EN');
    expect(await htmlLang(page)).toBe('en');
  });

  it('a browser whose language is en-US gets English', async () => {
    const { page } = await suite.open('en', DESKTOP_EN.context);
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    const en = lookupPage(page, TEXTS.en);
    await en.heading.waitFor();
    expect(await en.input.getAttribute('placeholder')).toBe('Enter the QR code to look up. E.g.: 1D24B3261X54A2320');
    expect(await htmlLang(page)).toBe('en');
  });

  it('a browser in another language (fr-FR) falls back to Vietnamese', async () => {
    const { page } = await suite.open('vi', { ...DESKTOP_EN.context, locale: 'fr-FR' });
    await lookupPage(page, TEXTS.vi).heading.waitFor();
    expect(await languageButton(page, 'vi').innerText()).toBe('VI');
  });
});
