import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser/chromium';
import { holdBundle, typeBeforeBundle } from '../support/browser/holdBundle';
import { consoleProblems } from '../support/browser/pageProbes';
import { CARTON_CODE, TRACE_DATA, TRACE_PATH, UNIT_CODE, builtPage } from '../support/browser/e2eSuite';
import { cartonRows, lookupPage } from '../support/browser/lookupPage';
import { PHONE_VI } from '../support/browser/profiles';
import { TEXTS } from '../support/browser/texts';
import { startTraceServer, type TraceServer } from '../support/server/traceServer';

// The static build as any static host serves it: no server render (the service here has no render
// module, so it sends index.html as built), the page renders itself.
let server: TraceServer | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  const page = builtPage();
  server = await startTraceServer({
    page: { ...page, ssrEntry: `${page.staticDir}/no-render-module.js` },
    importFiles: [TRACE_DATA],
    env: { RATE_LIMIT_MAX: '0' },
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** A page in a new phone context (Vietnamese), closed after the test. */
async function phonePage(): Promise<Page> {
  const context = await browser!.newContext(PHONE_VI.context);
  contexts.push(context);
  return context.newPage();
}

describe('the static build', () => {
  it("paints its prerendered shell, with the deep link's code, and starts the lookup before its bundle runs", async () => {
    const page = await phonePage();
    const traceCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(TRACE_PATH)) traceCalls.push(request.postData() ?? '');
    });
    // The page's bundle is held back until the shell and the early request have been seen.
    const bundle = await holdBundle(page);

    const trace = page.waitForResponse((response) => response.url().endsWith(TRACE_PATH));
    await page.goto(`${server!.url}/dt?qr=${UNIT_CODE}`, { waitUntil: 'commit' });
    const t = TEXTS.vi;
    await expect.poll(() => page.getByRole('heading', { name: t.lookup.title }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('textbox', { name: t.lookup.inputLabel }).inputValue()).toBe(UNIT_CODE);
    expect((await trace).status()).toBe(200);
    expect(traceCalls).toEqual([JSON.stringify({ QrCode: UNIT_CODE })]);
    // No result yet: that is the bundle's to show.
    expect(await page.getByRole('table').count()).toBe(0);

    await bundle.release();
    await page.getByRole('table').waitFor();
    await expect.poll(() => page.getByRole('table').textContent()).toContain('Sữa bột Đồng Xanh Gold 900g');
    // The bundle took the early answer: one lookup in all.
    expect(traceCalls).toHaveLength(1);
  });

  it('starts no early lookup for an address without a valid code, and the page still works', async () => {
    const page = await phonePage();
    const traceCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(TRACE_PATH)) traceCalls.push(request.postData() ?? '');
    });
    await page.goto(`${server!.url}/dt?qr=short`);
    const t = TEXTS.vi;
    await page.getByText(t.errors.invalidCode).waitFor();
    expect(traceCalls).toEqual([]);
  });

  it('keeps a code typed into the shell before the bundle ran, and Search then looks it up', async () => {
    const page = await phonePage();
    const problems = consoleProblems(page);
    const t = TEXTS.vi;
    const ui = lookupPage(page, t);
    await typeBeforeBundle(page, `${server!.url}/`, ui.input, CARTON_CODE);
    await ui.fullyLoaded();
    expect(await ui.input.inputValue()).toBe(CARTON_CODE);
    await ui.searchButton.click();
    await expect.poll(() => ui.rows(), { timeout: 10_000 }).toEqual(cartonRows(t, 'vi'));
    expect(problems).toEqual([]);
  });

  it('keeps the visitor typing in the field when the page replaces the shell, where the caret was', async () => {
    const page = await phonePage();
    const problems = consoleProblems(page);
    const t = TEXTS.vi;
    const ui = lookupPage(page, t);
    // The visitor is typing the code's middle when the page renders over the shell.
    const [head, middle, tail] = [CARTON_CODE.slice(0, 5), CARTON_CODE.slice(5, 9), CARTON_CODE.slice(9)];
    await typeBeforeBundle(page, `${server!.url}/`, ui.input, head + tail, async () => {
      await ui.input.press('Home');
      for (let i = 0; i < head.length; i++) await ui.input.press('ArrowRight');
    });
    await ui.fullyLoaded();
    await page.keyboard.type(middle);
    expect(await ui.input.inputValue()).toBe(CARTON_CODE);
    await page.keyboard.press('Enter');
    await expect.poll(() => ui.rows(), { timeout: 10_000 }).toEqual(cartonRows(t, 'vi'));
    expect(problems).toEqual([]);
  });

  it('leaves the focus alone when the visitor left the shell field before the page replaced it', async () => {
    const page = await phonePage();
    const ui = lookupPage(page, TEXTS.vi);
    await typeBeforeBundle(page, `${server!.url}/`, ui.input, CARTON_CODE, () => ui.input.blur());
    await ui.fullyLoaded();
    expect(await ui.input.inputValue()).toBe(CARTON_CODE);
    // Focusing the field would bring up a phone's keyboard over the page the visitor is reading.
    expect(await ui.input.evaluate((input) => input === document.activeElement)).toBe(false);
  });

  it('keeps an invalid entry and its error over a reload, where the shell arrives with an empty field', async () => {
    const page = await phonePage();
    const problems = consoleProblems(page);
    const t = TEXTS.vi;
    const ui = lookupPage(page, t);
    await page.goto(`${server!.url}/`);
    await ui.fullyLoaded();
    await ui.input.fill('abc');
    await ui.input.press('Enter');
    await ui.alert(t.errors.invalidCode).waitFor();
    await page.reload();
    await ui.fullyLoaded();
    expect(await ui.input.inputValue()).toBe('abc');
    await ui.alert(t.errors.invalidCode).waitFor();
    expect(problems).toEqual([]);
  });
});
