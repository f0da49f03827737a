import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BLANK_FIELDS_CODE,
  CARTON_CODE,
  startKnownDataServer,
  TRACE_PATH,
  UNIT_CODE,
  UNKNOWN_CODE,
  e2eSuite,
} from '../support/browser/e2eSuite';
import { lookupPage } from '../support/browser/lookupPage';
import { PHONE_VI } from '../support/browser/profiles';
import { TEXTS, fill, type Language } from '../support/browser/texts';
import { REPO_ROOT } from '../support/system/childProcess';
import type { TraceServer } from '../support/server/traceServer';

const SHOTS = join(REPO_ROOT, 'test-results/screenshots');
const suite = e2eSuite({ camera: { camera: 'pattern' } });

let wrongKeyServer: TraceServer | undefined;
beforeAll(async () => {
  wrongKeyServer = await startKnownDataServer({ TRACE_API_KEYS: 'some-other-client-key' });
});
afterAll(async () => {
  await wrongKeyServer?.stop();
});

/** Elements whose box sticks out past the viewport's right edge (text or table overflowing). */
function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.body.querySelectorAll('*'))
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 80)),
  );
}

interface Shot {
  name: string;
  language?: Language;
  path: string;
  origin?: () => string | undefined;
  reach: (page: Page) => Promise<void>;
}

const vi = TEXTS.vi;
const SHOTS_TO_TAKE: Shot[] = [
  { name: 'home', path: '/', reach: (page) => lookupPage(page, vi).fullyLoaded() },
  {
    name: 'empty-code-error',
    path: '/',
    reach: async (page) => {
      const ui = lookupPage(page, vi);
      await ui.input.focus();
      await ui.input.blur();
      await ui.alert(vi.errors.emptyCode).waitFor();
    },
  },
  {
    name: 'invalid-code-error',
    path: '/',
    reach: async (page) => {
      const ui = lookupPage(page, vi);
      await ui.input.fill('1D24B3261X54');
      await ui.input.press('Enter');
      await ui.alert(vi.errors.invalidCode).waitFor();
    },
  },
  { name: 'product', path: `/?qr=${UNIT_CODE}`, reach: (page) => lookupPage(page, vi).resultTable.waitFor() },
  { name: 'box', path: `/dt?qr=${CARTON_CODE}`, reach: (page) => lookupPage(page, vi).resultTable.waitFor() },
  { name: 'updating', path: `/?qr=${BLANK_FIELDS_CODE}`, reach: (page) => lookupPage(page, vi).resultTable.waitFor() },
  {
    name: 'not-found-204',
    path: `/?qr=${UNKNOWN_CODE}`,
    reach: (page) => lookupPage(page, vi).alert(vi.errors.noProducts).waitFor(),
  },
  {
    name: 'system-error-401',
    path: '/',
    origin: () => wrongKeyServer?.url,
    // Typed, so that the page's own call meets the wrong key (a deep link is answered by the server render).
    reach: async (page) => {
      const ui = lookupPage(page, vi);
      await ui.input.fill(UNIT_CODE);
      await ui.input.press('Enter');
      await ui.alert(fill(vi.errors.systemErrorAt, { code: 401, endpoint: TRACE_PATH })).waitFor();
    },
  },
  {
    name: 'page-not-found',
    path: '/no/such/page',
    reach: (page) => page.getByRole('heading', { name: vi.notFound.title }).waitFor(),
  },
  {
    name: 'scanner-open',
    path: '/',
    reach: async (page) => {
      await lookupPage(page, vi).cameraButton.click();
      const dialog = page.getByRole('dialog', { name: vi.scanner.title });
      await expect
        .poll(() => dialog.getByLabel(vi.scanner.video).evaluate((video: HTMLVideoElement) => video.videoWidth))
        .toBeGreaterThan(0);
      await expect
        .poll(() => dialog.evaluate((element) => getComputedStyle(element.parentElement ?? element).opacity))
        .toBe('1');
    },
  },
  {
    name: 'product-en',
    language: 'en',
    path: `/?lng=en&qr=${UNIT_CODE}`,
    reach: (page) => lookupPage(page, TEXTS.en).resultTable.waitFor(),
  },
  {
    name: 'box-en',
    language: 'en',
    path: `/dt?lng=en&qr=${CARTON_CODE}`,
    reach: (page) => lookupPage(page, TEXTS.en).resultTable.waitFor(),
  },
];

describe('phone screenshots (390 x 844) and the 360 px width check', () => {
  it.each(SHOTS_TO_TAKE)('$name', async ({ name, language = 'vi', path, origin, reach }) => {
    const { page } = await suite.open(language, PHONE_VI.context, path, origin?.());
    await reach(page);
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

    // The narrowest common phone: nothing may scroll sideways or stick out.
    await page.setViewportSize({ width: 360, height: 780 });
    await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await overflowingElements(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, `${name}-360.png`), fullPage: true });
  });

  it('loading', async () => {
    const { page, t } = await suite.open('vi', PHONE_VI.context);
    const ui = lookupPage(page, t);
    let answer: () => void = () => {};
    const released = new Promise<void>((resolve) => (answer = resolve));
    // Holds the trace call until the loading text has been photographed.
    await page.route(`**${TRACE_PATH}`, async (route) => {
      await released;
      await route.continue();
    });
    await ui.input.fill(UNIT_CODE);
    await ui.input.press('Enter');
    await page.getByRole('status').filter({ hasText: t.lookup.loading }).waitFor();
    expect(await ui.searchButton.isDisabled()).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'loading.png'), fullPage: true });
    answer();
    await ui.resultTable.waitFor();
  });
});
