import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/browser/axe';
import { CARTON_CODE, UNIT_CODE, UNKNOWN_CODE, e2eSuite } from '../support/browser/e2eSuite';
import { lookupPage } from '../support/browser/lookupPage';
import { PHONE_VI, PROFILES } from '../support/browser/profiles';
import type { Texts } from '../support/browser/texts';

// The built-in fake camera (a test pattern) so the scanner dialog opens with a live video.
const suite = e2eSuite({ camera: { camera: 'pattern' } });

interface State {
  name: string;
  path: string;
  /** Brings the page to the state a shopper sees, waiting for it. */
  reach: (page: Page, t: Texts) => Promise<void>;
}

const STATES: State[] = [
  { name: 'home', path: '/', reach: (page, t) => lookupPage(page, t).fullyLoaded() },
  { name: 'product result', path: `/?qr=${UNIT_CODE}`, reach: (page, t) => lookupPage(page, t).resultTable.waitFor() },
  { name: 'box result', path: `/dt?qr=${CARTON_CODE}`, reach: (page, t) => lookupPage(page, t).resultTable.waitFor() },
  {
    name: 'result error (not found)',
    path: `/?qr=${UNKNOWN_CODE}`,
    reach: (page, t) => lookupPage(page, t).alert(t.errors.noProducts).waitFor(),
  },
  {
    name: 'field error (invalid code)',
    path: '/',
    reach: async (page, t) => {
      const ui = lookupPage(page, t);
      await ui.input.fill('TOO-SHORT');
      await ui.input.press('Enter');
      await ui.alert(t.errors.invalidCode).waitFor();
    },
  },
  {
    name: '404 page',
    path: '/no/such/page',
    reach: (page, t) => page.getByRole('heading', { name: t.notFound.title }).waitFor(),
  },
  {
    name: 'open scanner dialog',
    path: '/',
    reach: async (page, t) => {
      await lookupPage(page, t).cameraButton.click();
      const dialog = page.getByRole('dialog', { name: t.scanner.title });
      await dialog.getByRole('button', { name: t.scanner.close }).waitFor();
      // Colour contrast is measured on the settled dialog, not during its fade-in.
      await expect
        .poll(() => dialog.evaluate((element) => getComputedStyle(element.parentElement ?? element).opacity))
        .toBe('1');
      await expect
        .poll(() => dialog.getByLabel(t.scanner.video).evaluate((video: HTMLVideoElement) => video.videoWidth))
        .toBeGreaterThan(0);
    },
  },
];

describe.each(PROFILES)('axe-core audit in Chromium ($name)', ({ language, context }) => {
  it.each(STATES)('$name has no violations', async ({ path, reach }) => {
    const { page, t } = await suite.open(language, { ...context, bypassCSP: true }, path);
    await reach(page, t);
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('the audit itself', () => {
  it('reports a real defect: an unlabelled input added to the page', async () => {
    const { page, t } = await suite.open('vi', { ...PHONE_VI.context, bypassCSP: true }, '/');
    await lookupPage(page, t).heading.waitFor();
    await page.evaluate(() => document.querySelector('main')?.append(document.createElement('input')));
    expect((await axeViolations(page)).map(({ id }) => id)).toContain('label');
  });
});
