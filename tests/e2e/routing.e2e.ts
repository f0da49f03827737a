import { describe, expect, it } from 'vitest';
import { CARTON_CODE, UNIT_CODE, e2eSuite } from '../support/browser/e2eSuite';
import { cartonRows, lookupPage, qrParam, unitRows } from '../support/browser/lookupPage';
import { PHONE_VI, PROFILES } from '../support/browser/profiles';

const HTTPS_HOST = 'shop.example';

// shop.example resolves to this machine, so the page loads over http on a name that is not local.
const suite = e2eSuite({ launchArgs: [`--host-resolver-rules=MAP ${HTTPS_HOST} 127.0.0.1`] });

describe.each(PROFILES)('routes and the address in Chromium ($name)', ({ language, context }) => {
  it('a deep link on / prefills the input and shows the product at once', async () => {
    const { page, t, traceCalls } = await suite.open(language, context, `/?qr=${UNIT_CODE}`);
    const ui = lookupPage(page, t);

    await expect.poll(() => ui.rows(), { timeout: 10_000 }).toEqual(unitRows(t, language));
    expect(await ui.input.inputValue()).toBe(UNIT_CODE);
    // The service answered it in the page's first response; the page asks nothing more.
    expect(traceCalls).toEqual([]);
  });

  it('a deep link on /dt shows the box at once', async () => {
    const { page, t } = await suite.open(language, context, `/dt?qr=${CARTON_CODE}`);
    const ui = lookupPage(page, t);

    await expect.poll(() => ui.rows(), { timeout: 10_000 }).toEqual(cartonRows(t, language));
    expect(await ui.input.inputValue()).toBe(CARTON_CODE);
    expect(new URL(page.url()).pathname).toBe('/dt');
  });

  it('after a search the address carries ?qr= (replaced, not pushed) and a reload shows the same result', async () => {
    const { page, t } = await suite.open(language, context, '/dt');
    const ui = lookupPage(page, t);
    const entriesBefore = await page.evaluate(() => history.length);
    await ui.input.fill(CARTON_CODE);
    await ui.input.press('Enter');
    await ui.resultTable.waitFor();
    expect(qrParam(page)).toBe(CARTON_CODE);
    expect(await page.evaluate(() => history.length)).toBe(entriesBefore);

    await page.reload();

    await expect.poll(() => ui.rows(), { timeout: 10_000 }).toEqual(cartonRows(t, language));
    expect(await ui.input.inputValue()).toBe(CARTON_CODE);
  });

  it("an unknown path shows 'Page not found!' and its link leads back to the search page", async () => {
    const { page, t } = await suite.open(language, context, '/no/such/page');
    const notFound = page.getByRole('heading', { level: 1, name: t.notFound.title });
    await notFound.waitFor();
    expect(await lookupPage(page, t).input.count()).toBe(0);

    await page.getByRole('link', { name: t.notFound.backLink }).click();

    await lookupPage(page, t).heading.waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await notFound.count()).toBe(0);
  });
});

describe('https redirect in Chromium', () => {
  it('a page opened over http on a non-local host name is sent to the same address over https', async () => {
    const port = new URL(suite.url).port;
    const context = await suite.browser.newContext(PHONE_VI.context);
    try {
      const page = await context.newPage();
      const secure = page.waitForRequest((request) => request.url().startsWith(`https://${HTTPS_HOST}/`));
      // Nothing listens on port 443 here: capture the navigation, not a page that cannot load.
      await page.route(`https://${HTTPS_HOST}/**`, (route) => route.abort());
      await page.goto(`http://${HTTPS_HOST}:${port}/dt?qr=${UNIT_CODE}#top`, { waitUntil: 'commit' });

      const request = await secure;
      expect(request.isNavigationRequest()).toBe(true);
      expect(request.url()).toBe(`https://${HTTPS_HOST}/dt?qr=${UNIT_CODE}`);
      expect(request.frame().url()).toContain(HTTPS_HOST);
    } finally {
      await context.close();
    }
  });
});
