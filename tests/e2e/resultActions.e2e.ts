import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/browser/axe';
import { CARTON_CODE, UNIT_CODE, UNKNOWN_CODE, e2eSuite } from '../support/browser/e2eSuite';
import { lookupPage, qrParam } from '../support/browser/lookupPage';
import { DESKTOP_EN, PHONE_VI, PROFILES } from '../support/browser/profiles';
import type { Texts } from '../support/browser/texts';
import { REPO_ROOT } from '../support/system/childProcess';

const SHOTS = join(REPO_ROOT, 'test-results/screenshots');
const suite = e2eSuite();

declare global {
  interface Window {
    __shared?: ShareData[];
  }
}

async function search(page: Page, t: Texts, text: string) {
  const ui = lookupPage(page, t);
  await ui.input.fill(text);
  await ui.input.press('Enter');
}

/** Visible controls smaller than 44 x 44 CSS px. */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('button, a[href], input:not([type="file"])'))
      .filter((element) => element.offsetParent !== null)
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(
        ({ element, box }) =>
          `${element.tagName} "${element.textContent || element.getAttribute('aria-label')}" ${box.width}x${box.height}`,
      ),
  );
}

describe.each(PROFILES)('after a result ($name)', ({ language, context }) => {
  it("shares through the phone's share sheet where there is one", async () => {
    const { page, t, context: browserContext } = await suite.open(language, context);
    await browserContext.addInitScript(() => {
      window.__shared = [];
      navigator.share = async (data) => void window.__shared?.push(data ?? {});
    });
    await page.reload();
    await search(page, t, UNIT_CODE);
    await page.getByRole('button', { name: t.share.button }).click();
    await expect
      .poll(() => page.evaluate(() => window.__shared))
      .toEqual([
        {
          title: `Sữa bột Đồng Xanh Gold 900g – ${language === 'vi' ? 'thông tin truy xuất nguồn gốc' : 'trace information'}`,
          url: `${suite.url}/dt?qr=${UNIT_CODE}`,
        },
      ]);
  });

  it('copies the link, with lng once the visitor chose a language, and says so', async () => {
    const {
      page,
      t,
      context: browserContext,
    } = await suite.open(language, { ...context, bypassCSP: true, permissions: ['clipboard-read', 'clipboard-write'] });
    await browserContext.addInitScript(() => Reflect.deleteProperty(Navigator.prototype, 'share'));
    await page.reload();
    await search(page, t, CARTON_CODE);
    await page.getByRole('button', { name: t.share.button }).click();
    await page.getByText(t.share.copied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${suite.url}/dt?qr=${CARTON_CODE}`);
    expect(await axeViolations(page)).toEqual([]);
    if (context === PHONE_VI.context)
      await page.screenshot({ path: join(SHOTS, 'result-link-copied.png'), fullPage: true });

    // The visitor picks the other language: the link now says which.
    const other = language === 'vi' ? 'en' : 'vi';
    await page.getByRole('button', { name: new RegExp(`^${language.toUpperCase()}:`) }).click();
    const { TEXTS } = await import('../support/browser/texts');
    await page.getByRole('button', { name: TEXTS[other].share.button }).click();
    await page.getByText(TEXTS[other].share.copied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${suite.url}/dt?qr=${CARTON_CODE}&lng=${other}`,
    );
  });

  it('keeps recent lookups on this device: one tap looks again, a button clears them', async () => {
    const { page, t, problems } = await suite.open(language, { ...context, bypassCSP: true });
    const ui = lookupPage(page, t);
    await search(page, t, UNIT_CODE);
    await ui.resultTable.waitFor();
    await search(page, t, CARTON_CODE);
    const recent = page.getByRole('region', { name: t.recent.title });
    await recent.getByRole('link', { name: /Sữa bột Đồng Xanh Gold 900g/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    if (context === PHONE_VI.context)
      await page.screenshot({ path: join(SHOTS, 'result-recent-lookups.png'), fullPage: true });

    await page.reload();
    await recent.getByRole('link', { name: /Sữa bột Đồng Xanh Gold 900g/ }).click();
    await ui.resultTable.getByRole('cell', { name: UNIT_CODE }).waitFor();
    expect(qrParam(page)).toBe(UNIT_CODE);
    await recent.getByRole('link', { name: /Sữa tươi tiệt trùng ít đường 180ml/ }).waitFor();

    await recent.getByRole('button', { name: t.recent.clear }).click();
    await recent.waitFor({ state: 'detached' });
    await page.reload();
    await ui.resultTable.waitFor();
    expect(await recent.count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('forgives what people paste: a link, spaces and dashes; refuses other characters without a call', async () => {
    const { page, t, traceCalls } = await suite.open(language, context);
    const ui = lookupPage(page, t);
    await search(page, t, `${suite.url}/dt?qr=${UNIT_CODE}`);
    await ui.resultTable.getByRole('cell', { name: UNIT_CODE }).waitFor();
    expect(await ui.input.inputValue()).toBe(UNIT_CODE);

    await search(page, t, 'TH26-A110 5C48-B0001');
    await ui.resultTable.getByRole('cell', { name: CARTON_CODE }).waitFor();
    expect(qrParam(page)).toBe(CARTON_CODE);

    await search(page, t, '1D24B3261X54A232đ');
    await ui.alert(t.errors.invalidCode).waitFor();
    expect(traceCalls).toHaveLength(2);
  });

  it('reads dashes out of a code in the address, on the server render and after hydration alike', async () => {
    const { page, t, problems } = await suite.open(language, context, '/dt?qr=1D24B326-1X54A2320');
    const ui = lookupPage(page, t);
    await ui.resultTable.getByRole('cell', { name: UNIT_CODE }).waitFor();
    expect(await ui.input.inputValue()).toBe(UNIT_CODE);
    expect(problems).toEqual([]);
  });
});

describe('on a phone 360 px wide', () => {
  const narrow = { ...PHONE_VI.context, viewport: { width: 360, height: 780 } };

  it.each([
    ['a result with recent lookups', `/dt?qr=${CARTON_CODE}`],
    ['not found', `/dt?qr=${UNKNOWN_CODE}`],
  ])('every control is 44 x 44 px or more: %s', async (_, path) => {
    const { page, t } = await suite.open('vi', narrow, '/');
    await search(page, t, UNIT_CODE);
    await lookupPage(page, t).resultTable.waitFor();
    await page.goto(`${suite.url}${path}`);
    await lookupPage(page, t).fullyLoaded();
    expect(await smallTargets(page)).toEqual([]);
  });

  it('shows a whole 18-character code in the field', async () => {
    const { page, t } = await suite.open('vi', narrow, '/');
    const ui = lookupPage(page, t);
    await ui.input.fill('CH26A0920Y15X00099');
    const fits = await ui.input.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth);
    expect(fits).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'result-field-360.png') });
  });

  it('shows the loading text with a progress indicator', async () => {
    const { page, t } = await suite.open('vi', narrow, '/');
    let answer: () => void = () => {};
    const released = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/qr/trace', async (route) => {
      await released;
      await route.continue();
    });
    await search(page, t, UNIT_CODE);
    const status = page.getByRole('status').filter({ hasText: t.lookup.loading });
    await status.getByRole('progressbar', { name: t.lookup.loading }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'result-loading-360.png') });
    answer();
    await lookupPage(page, t).resultTable.waitFor();
  });
});

describe('desktop', () => {
  it('keeps the scan buttons beside the field on one line', async () => {
    const { page, t } = await suite.open('en', DESKTOP_EN.context);
    const ui = lookupPage(page, t);
    const [field, camera, searchButton] = await Promise.all([
      ui.input.boundingBox(),
      ui.cameraButton.boundingBox(),
      ui.searchButton.boundingBox(),
    ]);
    expect(
      Math.abs((camera?.y ?? 0) + (camera?.height ?? 0) / 2 - ((field?.y ?? 0) + (field?.height ?? 0) / 2)),
    ).toBeLessThan(12);
    expect(Math.abs((searchButton?.y ?? 0) - (camera?.y ?? 0))).toBeLessThan(12);
  });
});
