import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CARTON_CODE, e2eSuite } from '../support/browser/e2eSuite';
import { cartonRows, lookupPage } from '../support/browser/lookupPage';
import { DESKTOP_EN } from '../support/browser/profiles';
import { TEXTS, fill } from '../support/browser/texts';

const suite = e2eSuite({ camera: { camera: 'pattern' } });

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has the focus, as a keyboard user would; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 12): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(`${target} never got the focus after ${limit} Tab presses`);
}

describe('keyboard only in Chromium (desktop)', () => {
  it('switch language, type, search with Enter, open and close the scanner; the focus returns to the camera button', async () => {
    const { page, problems } = await suite.open('en', DESKTOP_EN.context);
    const en = lookupPage(page, TEXTS.en);
    await en.fullyLoaded();

    const toVietnamese = page.getByRole('button', {
      name: fill(TEXTS.en.layout.languageButton, { current: 'EN', next: 'Tiếng Việt' }),
    });
    await tabTo(page, toVietnamese);
    await page.keyboard.press('Enter');
    const ui = lookupPage(page, TEXTS.vi);
    await ui.heading.waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('vi');

    await tabTo(page, ui.input);
    await page.keyboard.type(CARTON_CODE);
    await page.keyboard.press('Enter');
    await expect.poll(() => ui.rows(), { timeout: 10_000 }).toEqual(cartonRows(TEXTS.vi, 'vi'));

    const dialog = page.getByRole('dialog', { name: TEXTS.vi.scanner.title });
    await tabTo(page, ui.cameraButton);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    // The dialog takes the focus (MUI's focus trap), so Tab cannot wander behind it.
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(ui.cameraButton)).toBe(true);

    await page.keyboard.press('Space');
    await dialog.waitFor();
    await tabTo(page, dialog.getByRole('button', { name: TEXTS.vi.scanner.close }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(ui.cameraButton)).toBe(true);
    expect(problems).toEqual([]);
  });
});
