import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { brand } from '../../theme/brand';
import { axeViolations } from '../support/browser/axe';
import { launchChromium } from '../support/browser/chromium';
import { CARTON_CODE, TRACE_DATA, UNIT_CODE, builtPage } from '../support/browser/e2eSuite';
import { holdBundle, holdScript, type HeldScript } from '../support/browser/holdBundle';
import { consoleProblems } from '../support/browser/pageProbes';
import { PHONE_VI } from '../support/browser/profiles';
import { TEXTS, fill } from '../support/browser/texts';
import { startTraceServer, type TraceServer } from '../support/server/traceServer';
import { REPO_ROOT } from '../support/system/childProcess';

// A shopper taps a button of the page's HTML before its script has made it live: the page's loader
// answers it at once where the HTML allows (src/boot/tapHolder.ts), or once the script runs.
let rendered: TraceServer | undefined;
let staticHost: TraceServer | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  const page = builtPage();
  const env = { RATE_LIMIT_MAX: '0' };
  [rendered, staticHost] = await Promise.all([
    startTraceServer({ page, importFiles: [TRACE_DATA], env }),
    startTraceServer({
      page: { ...page, ssrEntry: `${page.staticDir}/no-render-module.js` },
      importFiles: [TRACE_DATA],
      env,
    }),
  ]);
  browser = await launchChromium({ camera: 'pattern' });
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([rendered?.stop(), staticHost?.stop()]);
});

const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

const t = TEXTS.vi;
const SHOTS = join(REPO_ROOT, 'test-results/screenshots');

/**
 * A phone page at `url` (Vietnamese unless `locale` says otherwise) with the bundle held back; `release`
 * lets the page's script run. `forAxe`: the page lets axe-core's script in, past its Content-Security-Policy;
 * `init` runs in the page before its own scripts.
 */
async function beforeItsScript(
  url: string,
  { forAxe = false, locale, init }: { forAxe?: boolean; locale?: string; init?: () => void } = {},
): Promise<{ page: Page; problems: string[]; release: () => Promise<void> }> {
  const context = await browser!.newContext({ ...PHONE_VI.context, bypassCSP: forAxe, ...(locale && { locale }) });
  contexts.push(context);
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const problems = consoleProblems(page);
  const { release } = await holdBundle(page);
  // The loader that holds such taps runs in the head: it has run once the document is parsed.
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  return { page, problems, release };
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
/** The loader's frame, while it shows. */
const heldFrame = (page: Page) => page.locator('[data-held-tap]');

describe.each([
  ['the rendered deep link', () => `${rendered!.url}/dt?qr=${UNIT_CODE}`],
  ['the static build', () => `${staticHost!.url}/dt?qr=${UNIT_CODE}`],
])('a tap before the script ran, on %s', (name, url) => {
  it("on the camera button shows the scanner's frame at once, then the scanner once the script runs", async () => {
    const { page, problems, release } = await beforeItsScript(url(), { forAxe: true });
    await page.getByRole('button', { name: t.lookup.camera }).tap();
    // With the bundle still held: the loader's frame, saying that the camera is starting.
    const frame = page.getByRole('dialog', { name: t.scanner.title });
    await frame.getByRole('status').filter({ hasText: t.scanner.starting }).waitFor();
    // The focus moves to its Close button once it has been painted.
    await expect.poll(() => isFocused(frame.getByRole('button', { name: t.scanner.close }))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    if (name === 'the rendered deep link')
      await page.screenshot({ path: join(SHOTS, 'camera-tap-before-script.png'), animations: 'disabled' });
    await release();
    // The page's own dialog, with the camera's picture, and the frame gone: one dialog.
    await page.getByRole('dialog').getByLabel(t.scanner.video).waitFor();
    await expect.poll(() => heldFrame(page).count()).toBe(0);
    if (name === 'the rendered deep link')
      await page.screenshot({ path: join(SHOTS, 'camera-tap-then-scanner.png'), animations: 'disabled' });
    expect(problems).toEqual([]);
  });

  it("closing the scanner's frame drops the tap: the script, once it runs, opens no scanner", async () => {
    const { page, problems, release } = await beforeItsScript(url());
    const camera = page.getByRole('button', { name: t.lookup.camera });
    await camera.tap();
    await page.getByRole('dialog').getByRole('button', { name: t.scanner.close }).tap();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await isFocused(camera)).toBe(true);
    await release();
    // The photo button turns on with the scanner's chunk: a replayed tap would have opened it by then.
    await page.getByRole('button', { name: t.scanner.photo, disabled: false }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("closing the scanner's frame after the script made the tap again closes the scanner as it opens", async () => {
    const { page, problems, release } = await beforeItsScript(url());
    // The scanner's chunk held too: the page is live, the tap made again, and its dialog not open yet.
    const scanner = await holdScript(page, /\/assets\/scannerUi-[^/]+\.js$/);
    const camera = page.getByRole('button', { name: t.lookup.camera });
    await camera.tap();
    await heldFrame(page).waitFor();
    await release();
    await scanner.asked;
    // Live: the loader no longer keeps the page inert behind the frame.
    await expect.poll(() => page.locator('#root').evaluate((root) => (root as HTMLElement).inert)).toBe(false);
    await heldFrame(page).getByRole('button', { name: t.scanner.close }).tap();
    expect(await heldFrame(page).count()).toBe(0);
    await scanner.release();
    await page.getByRole('button', { name: t.scanner.photo, disabled: false }).waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => isFocused(camera)).toBe(true);
    expect(problems).toEqual([]);
  });

  it('on the language button switches the page to English', async () => {
    const { page, problems, release } = await beforeItsScript(`${url()}#result`);
    // A mark on this document: a page loaded again would not have it.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const toggle = page.locator('header button');
    await toggle.tap();
    const english = page.getByRole('heading', { level: 1, name: TEXTS.en.lookup.title });
    if (name === 'the rendered deep link') {
      // At once, without the script: the server's copy of the page in English, swapped in.
      await english.waitFor();
      expect(await page.title()).toBe(fill(TEXTS.en.page.title, { brand: brand.name }));
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(TEXTS.en.page.description);
      await page.getByRole('heading', { name: TEXTS.en.result.title }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(page.url()).toBe(`${url()}#result`);
      // The language button of the English page has the focus the tapped one had.
      expect(await isFocused(page.locator('#language-button'))).toBe(true);
      // The choice is kept for the server's next render of a page.
      const cookies = await page.context().cookies();
      expect(cookies.find((cookie) => cookie.name === 'i18nextLng')?.value).toBe('en');
      // A second tap swaps back, a third to English again.
      await toggle.tap();
      await page.getByRole('heading', { level: 1, name: t.lookup.title }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('vi');
      await toggle.tap();
      await english.waitFor();
      await release();
      // The script hydrates the page in English, live: its own switch takes the page back to Vietnamese,
      // and a reload keeps that choice.
      await page.getByRole('button', { name: TEXTS.en.scanner.photo, disabled: false }).waitFor();
      expect(await page.locator('#page-alternate').count()).toBe(0);
      await page
        .getByRole('button', { name: fill(TEXTS.en.layout.languageButton, { current: 'EN', next: 'Tiếng Việt' }) })
        .tap();
      await page.getByRole('heading', { level: 1, name: t.lookup.title }).waitFor();
      await page.reload();
      await page.getByRole('heading', { level: 1, name: t.lookup.title }).waitFor();
    } else {
      // The static shell comes with no copy: the tap waits for the script.
      await release();
      await english.waitFor();
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    }
    expect(await page.locator('html').getAttribute('lang')).toBe(name === 'the rendered deep link' ? 'vi' : 'en');
    expect(problems).toEqual([]);
  });
});

it('a tap on the language button after typing a code switches at once and keeps what was typed', async () => {
  const { page, problems, release } = await beforeItsScript(`${rendered!.url}/dt?qr=${UNIT_CODE}&lng=vi`);
  await page.getByRole('textbox', { name: t.lookup.inputLabel }).fill(CARTON_CODE);
  await page.locator('header button').tap();
  await page.getByRole('heading', { level: 1, name: TEXTS.en.lookup.title }).waitFor();
  const field = page.getByRole('textbox', { name: TEXTS.en.lookup.inputLabel });
  expect(await field.inputValue()).toBe(CARTON_CODE);
  // An address that names the language names the new one, for a reload or a shared link.
  expect(new URL(page.url()).searchParams.get('lng')).toBe('en');
  await release();
  await page.getByRole('button', { name: TEXTS.en.scanner.photo, disabled: false }).waitFor();
  // What was typed is still there once the page is live, and Search looks it up.
  expect(await field.inputValue()).toBe(CARTON_CODE);
  await page.getByRole('button', { name: TEXTS.en.lookup.search }).tap();
  await page.getByRole('table').filter({ hasText: CARTON_CODE }).waitFor();
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
  expect(problems).toEqual([]);
});

it('a tap on Share held before a switch of language is made on the English page once the script runs', async () => {
  const { page, problems, release } = await beforeItsScript(`${rendered!.url}/dt?qr=${UNIT_CODE}`, {
    init: () => {
      (window as unknown as { __shared: unknown[] }).__shared = [];
      navigator.share = async (data) => void (window as unknown as { __shared: unknown[] }).__shared.push(data ?? {});
    },
  });
  await page.getByRole('button', { name: t.share.button }).tap();
  await page.locator('header button').tap();
  await page.getByRole('heading', { level: 1, name: TEXTS.en.lookup.title }).waitFor();
  await release();
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { __shared: { url: string }[] }).__shared.map(({ url }) => url)),
    )
    // The link names the language chosen.
    .toEqual([`${rendered!.url}/dt?qr=${UNIT_CODE}&lng=en`]);
  expect(problems).toEqual([]);
});

it("on the support desk's language button switches the desk to English with the message kept", async () => {
  const { page, problems, release } = await beforeItsScript(`${rendered!.url}/support`);
  const message = `Chào shop, mã của em: ${UNIT_CODE}`;
  await page.getByRole('textbox', { name: t.support.inputLabel }).fill(message);
  await page.locator('header button').tap();
  const box = page.getByRole('textbox', { name: TEXTS.en.support.inputLabel });
  expect(await box.inputValue()).toBe(message);
  await release();
  await page.getByRole('button', { name: TEXTS.en.support.addPhotos, disabled: false }).waitFor();
  expect(await box.inputValue()).toBe(message);
  expect(problems).toEqual([]);
});

it("on the static build's Vietnamese shell, an English phone's tap on the camera opens the scanner in English", async () => {
  const { page, problems, release } = await beforeItsScript(`${staticHost!.url}/dt?qr=${UNIT_CODE}`, {
    locale: 'en-US',
  });
  await page.getByRole('button', { name: t.lookup.camera }).tap();
  await heldFrame(page).waitFor();
  await release();
  // The page renders afresh in English; the tap is made again on its camera button, found by its id.
  await page.getByRole('dialog', { name: TEXTS.en.scanner.title }).getByLabel(TEXTS.en.scanner.video).waitFor();
  await expect.poll(() => heldFrame(page).count()).toBe(0);
  expect(problems).toEqual([]);
});

// A GS1 Digital Link's address is the lookup page too, its parts behind the link reader's chunk (a Suspense
// boundary the page hydrates once that chunk is in): a tap held until the page is live is still answered.
describe.each([
  ["a unit's", `/01/08930000000002/21/${UNIT_CODE}`],
  ["a lot's", '/01/08930000000002/10/L2026-HELD'],
  ["a product's", '/01/08930000000002'],
])('a tap before the script ran, on %s Digital Link page', (_level, path) => {
  it("on the camera button shows the scanner's frame at once, then the scanner once the script runs", async () => {
    const { page, problems, release } = await beforeItsScript(`${rendered!.url}${path}`);
    await page.getByRole('button', { name: t.lookup.camera }).tap();
    const frame = page.getByRole('dialog', { name: t.scanner.title });
    await frame.getByRole('status').filter({ hasText: t.scanner.starting }).waitFor();
    await release();
    await page.getByRole('dialog').getByLabel(t.scanner.video).waitFor();
    await expect.poll(() => heldFrame(page).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});

it('a tap on Search before the script ran still submits the form as HTML does', async () => {
  const { page, release } = await beforeItsScript(`${rendered!.url}/dt?qr=${UNIT_CODE}`);
  await page.getByRole('textbox', { name: t.lookup.inputLabel }).fill(CARTON_CODE);
  await Promise.all([
    page.waitForURL(`**/dt?qr=${CARTON_CODE}`),
    page.getByRole('button', { name: t.lookup.search }).tap(),
  ]);
  await release();
  await page.getByRole('table').filter({ hasText: CARTON_CODE }).waitFor();
});

it("a shop's link pasted and searched before the script ran is read as the live page reads it", async () => {
  // The case: the server rendered such an address as an invalid code, the live page looked the link's code up.
  const link = `https://shop.example.vn/dt?qr=${CARTON_CODE}`;
  const { page, problems, release } = await beforeItsScript(`${rendered!.url}/`);
  const field = page.getByRole('textbox', { name: t.lookup.inputLabel });
  await field.fill(link);
  await Promise.all([page.waitForURL('**/dt?qr=**'), page.getByRole('button', { name: t.lookup.search }).tap()]);
  // The server's page, its script still held: the link's code, its result, and the warning naming the other host.
  const warning = page.getByText(fill(t.scan.foreignHost, { host: 'shop.example.vn' }));
  await page.getByRole('table').filter({ hasText: CARTON_CODE }).waitFor();
  await warning.waitFor();
  expect(await field.inputValue()).toBe(CARTON_CODE);
  expect(await page.getByText(t.errors.invalidCode).count()).toBe(0);
  // The live page reads the address the same way: the same page, hydrated without a mismatch.
  await release();
  await page.getByRole('button', { name: t.scanner.photo, disabled: false }).waitFor();
  expect(await warning.count()).toBe(1);
  expect(await field.inputValue()).toBe(CARTON_CODE);
  expect(problems).toEqual([]);
});

describe("the server's result on a rendered deep link", () => {
  /** The deep link's page, once its script is live (the photo button turns on with its chunk). */
  async function livePage(
    path: string,
    beforeLoad?: (page: Page) => Promise<unknown>,
  ): Promise<{ page: Page; problems: string[] }> {
    const context = await browser!.newContext(PHONE_VI.context);
    contexts.push(context);
    const page = await context.newPage();
    const problems = consoleProblems(page);
    await beforeLoad?.(page);
    await page.goto(`${rendered!.url}${path}`);
    await page.getByRole('button', { name: t.scanner.photo, disabled: false }).waitFor();
    return { page, problems };
  }

  it('stays the HTML the server sent: the page hydrates the field and the header, not the result', async () => {
    const { page, problems } = await livePage(`/dt?qr=${UNIT_CODE}`);
    const reactKeys = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => Object.keys(element).filter((key) => key.startsWith('__react')).length);
    expect(await reactKeys('input[name="qr"]')).toBeGreaterThan(0);
    expect(await reactKeys('table')).toBe(0);
    expect(problems).toEqual([]);
  });

  it('shares at the first tap on its Share button', async () => {
    const { page } = await livePage(`/dt?qr=${UNIT_CODE}`, (page) =>
      page.context().addInitScript(() => {
        (window as unknown as { __shared: unknown[] }).__shared = [];
        navigator.share = async (data) => void (window as unknown as { __shared: unknown[] }).__shared.push(data ?? {});
      }),
    );
    await page.getByRole('button', { name: t.share.button }).tap();
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { __shared: { url: string }[] }).__shared.map(({ url }) => url)),
      )
      .toEqual([`${rendered!.url}/dt?qr=${UNIT_CODE}`]);
  });

  it("shows all of a carton's codes at the first tap, the focus on the first one it revealed", async () => {
    const { page } = await livePage(`/dt?qr=${CARTON_CODE}`);
    const codes = page.getByRole('region', { name: t.labels.canList }).getByRole('link');
    expect(await codes.count()).toBe(10);
    const showAll = page.getByRole('button', {
      name: new RegExp(fill(t.summary.showAllUnits_other, { count: '(\\d+)' })),
    });
    const all = Number(
      new RegExp(fill(t.summary.showAllUnits_other, { count: '(\\d+)' })).exec(await showAll.innerText())?.[1],
    );
    expect(all).toBeGreaterThan(10);
    await showAll.tap();
    await expect.poll(() => codes.count()).toBe(all);
    await expect.poll(() => codes.nth(10).evaluate((link) => link === document.activeElement)).toBe(true);
  });

  it('answers a tap made before its live view has come, the HTML shown meanwhile', async () => {
    // The result's view is a chunk of its own, fetched once the shopper scrolls or approaches it (src/features/lookup/ResultIsland.tsx).
    let view: HeldScript | undefined;
    const { page, problems } = await livePage(
      `/dt?qr=${CARTON_CODE}`,
      async (page) => (view = await holdScript(page, /\/assets\/TraceResultView-[^/]+\.js$/)),
    );
    const codes = page.getByRole('region', { name: t.labels.canList }).getByRole('link');
    const showAll = page.getByRole('button', {
      name: new RegExp(fill(t.summary.showAllUnits_other, { count: '\\d+' })),
    });
    await showAll.tap();
    // Still the server's HTML, whole, while the view is on its way.
    expect(await codes.count()).toBe(10);
    await view!.release();
    await expect.poll(() => codes.count()).toBeGreaterThan(10);
    await expect.poll(() => codes.nth(10).evaluate((link) => link === document.activeElement)).toBe(true);
    expect(problems).toEqual([]);
  });

  it("leaves its live view's chunk out of the first load and a first tap elsewhere, until the shopper scrolls", async () => {
    const views: string[] = [];
    const { page, problems } = await livePage(`/dt?qr=${UNIT_CODE}`, async (page) =>
      page.on('request', (request) => /\/assets\/TraceResultView-[^/]+\.js$/.test(request.url()) && views.push('view')),
    );
    // Twice idle: where the view used to be fetched once live (a page load's audit measures this far).
    const idle = () =>
      page.evaluate(
        () => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve, { timeout: 10_000 }))),
      );
    await idle();
    expect(views).toEqual([]);
    // A tap away from the result (as on the camera button, whose scanner the view's evaluation slowed).
    await page.getByRole('heading', { level: 1 }).tap();
    await idle();
    expect(views).toEqual([]);
    // A scroll is enough (far from the result's controls): the view comes, and the result stays the server's HTML.
    await page.mouse.wheel(0, 200);
    await expect.poll(() => views, { timeout: 15_000 }).toEqual(['view']);
    expect(
      await page
        .locator('table')
        .first()
        .evaluate((table) => Object.keys(table).some((key) => key.startsWith('__react'))),
    ).toBe(false);
    expect(problems).toEqual([]);
  });

  it('shows the placeholder where its picture fails to load', async () => {
    const { page } = await livePage(`/dt?qr=${UNIT_CODE}`, (page) =>
      page.route(/\/images\//, (route) => route.fulfill({ status: 404 })),
    );
    await expect.poll(() => page.getByRole('img', { name: /Sữa bột Đồng Xanh Gold 900g/ }).count()).toBe(0);
    expect(await page.getByRole('table').textContent()).toContain('Sữa bột Đồng Xanh Gold 900g');
  });
});
