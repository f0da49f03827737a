import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { brand } from '../../theme/brand';
import { CARTON_CODE, MARKUP_CODE, MARKUP_NAME, UNIT_CODE, UNKNOWN_CODE, e2eSuite } from '../support/browser/e2eSuite';
import { cartonRows, lookupPage, qrParam, unitRows } from '../support/browser/lookupPage';
import { DESKTOP_EN, PHONE_VI, PROFILES } from '../support/browser/profiles';
import { TEXTS, fill } from '../support/browser/texts';
import { typeBeforeBundle } from '../support/browser/holdBundle';
import { consoleProblems } from '../support/browser/pageProbes';

const suite = e2eSuite();
const PRODUCT = 'Sữa bột Đồng Xanh Gold 900g';

/** The first response of an address, as a crawler or a phone's first byte sees it: no browser. */
async function firstHtml(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; html: string; headers: Headers }> {
  const response = await fetch(`${suite.url}${path}`, { headers });
  return { status: response.status, html: await response.text(), headers: response.headers };
}

/** The page's HTML apart from the copy of its root in the other language, and that copy's template. */
function withoutCopy(html: string): { page: string; copy: string } {
  const copy = /<template id="page-alternate"[\s\S]*?<\/template>/.exec(html)?.[0] ?? '';
  return { page: html.replace(copy, ''), copy };
}

describe('the first HTML response', () => {
  it('of a deep link holds the product, its styles and the language the visitor will see', async () => {
    const {
      status,
      html: whole,
      headers,
    } = await firstHtml(`/dt?qr=${UNIT_CODE}`, {
      'accept-language': 'vi-VN,vi;q=0.9',
    });
    const { page: html, copy } = withoutCopy(whole);
    expect(status).toBe(200);
    expect(html).toContain(PRODUCT);
    expect(html).toContain('<html lang="vi"');
    expect(html).toContain(`<title>${fill(TEXTS.vi.page.title, { brand: brand.name })}</title>`);
    expect(html).toContain(`<meta name="description" content="${TEXTS.vi.page.description}" />`);
    expect(html).toContain(TEXTS.vi.result.title);
    expect(html).not.toContain(TEXTS.en.result.title);
    // The same page in English rides inert at the end, for the language button to swap in at once.
    expect(copy).toMatch(/^<template id="page-alternate" lang="en" /);
    expect(copy).toContain(` data-title="${fill(TEXTS.en.page.title, { brand: brand.name })}" `);
    expect(copy).toContain(` data-description="${TEXTS.en.page.description}">`);
    expect(copy).toContain(PRODUCT);
    expect(copy).toContain(TEXTS.en.result.title);
    expect(copy).not.toContain(TEXTS.vi.result.title);
    // The first view's static styles ride in the head; none is computed by emotion at run time.
    expect(html).toMatch(/<style data-page-styles>[^<]+<\/style>/);
    expect(html).not.toContain('data-emotion');
    // The phone's address bar takes the brand's colour (a .env value starting with # must be quoted).
    expect(brand.primary).toMatch(/^#[0-9a-f]{6}$/i);
    expect(html).toContain(`<meta name="theme-color" content="${brand.primary}" />`);
    // The favicon rides in the page: no request of its own before the result.
    expect(html).toMatch(/<link rel="icon" href="data:image\/svg\+xml,%3Csvg[^"]+" type="image\/svg\+xml" \/>/);
    // The after-paint loader rides in the head, so nothing is requested before the result paints; the
    // policy allows that one script by its hash, and no other inline script.
    const loader = /<script data-modules="[^"]+" data-preloads="[^"]*">([\s\S]+?)<\/script>/.exec(html)?.[1];
    expect(loader).toContain('page:live');
    const loaderHash = createHash('sha256').update(loader!, 'utf8').digest('base64');
    expect(headers.get('content-security-policy')).toContain(
      `script-src 'self' 'wasm-unsafe-eval' 'sha256-${loaderHash}';`,
    );
    expect(headers.get('content-security-policy')).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(html).not.toMatch(/<script[^>]* src=[^>]*>/);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    ['the lng parameter', `/dt?qr=${UNIT_CODE}&lng=en`, {}],
    ['the saved choice (cookie)', `/dt?qr=${UNIT_CODE}`, { cookie: 'i18nextLng=en', 'accept-language': 'vi' }],
    ['the browser languages', `/dt?qr=${UNIT_CODE}`, { 'accept-language': 'fr-FR,en-US;q=0.8,vi;q=0.5' }],
  ])('is in English when %s says so', async (_, path, headers) => {
    const { page: html, copy } = withoutCopy((await firstHtml(path, headers)).html);
    expect(copy).toMatch(/^<template id="page-alternate" lang="vi" /);
    expect(copy).toContain(TEXTS.vi.result.title);
    expect(html).toContain('<html lang="en"');
    expect(html).toContain(`<title>${fill(TEXTS.en.page.title, { brand: brand.name })}</title>`);
    expect(html).toContain(`<meta name="description" content="${TEXTS.en.page.description}" />`);
    expect(html).not.toContain(TEXTS.vi.page.description);
    expect(html).toContain(TEXTS.en.result.title);
    expect(html).toContain('900 gram');
  });

  it('says the catalogue message of an unknown code, and the field error of an invalid one', async () => {
    expect((await firstHtml(`/dt?qr=${UNKNOWN_CODE}`)).html).toContain(TEXTS.vi.errors.noProducts);
    expect((await firstHtml('/dt?qr=ABC')).html).toContain(TEXTS.vi.errors.invalidCode);
  });

  it("of a link in qr (the field's form sent before the script ran) reads it as the page's Search does", async () => {
    const linked = (link: string) => firstHtml(`/dt?${new URLSearchParams({ qr: link })}`);
    const warning = (host: string) => fill(TEXTS.vi.scan.foreignHost, { host });
    // A shop's link: its code's result, and the warning naming the shop's host.
    const shop = withoutCopy((await linked(`https://shop.example.vn/dt?qr=${UNIT_CODE}`)).html).page;
    expect(shop).toContain(PRODUCT);
    expect(shop).toContain(warning('shop.example.vn'));
    expect(shop).not.toContain(TEXTS.vi.errors.invalidCode);
    // The page's own link (the host the visitor asked for): the same result, and nothing to warn about.
    const own = withoutCopy((await linked(`${suite.url}/dt?qr=${UNIT_CODE}`)).html).page;
    expect(own).toContain(PRODUCT);
    expect(own).not.toContain(warning(new URL(suite.url).hostname));
  });

  it('of an unknown path is the not-found page with a 404', async () => {
    const { status, html } = await firstHtml('/no/such/page', { 'accept-language': 'en' });
    expect(status).toBe(404);
    expect(html).toContain(TEXTS.en.notFound.title);
  });

  it("of an address no URL parser reads ('//') is a 404, and the service logs nothing", async () => {
    const printed = suite.serverOutput().length;
    // The service refuses the target itself; the render module's own answer to it: renderCache.e2e.ts.
    const { status } = await firstHtml('//', { 'accept-language': 'en' });
    expect(status).toBe(404);
    // Never an error line with its stack for each such request (security review L9).
    expect(suite.serverOutput().slice(printed)).toBe('');
  });

  it('never renders markup from the address or the data as markup', async () => {
    const hostile = encodeURIComponent('"><script>window.__xss=3</script><img src=x onerror=alert(1)>');
    const fromAddress = await firstHtml(`/dt?qr=${hostile}`);
    expect(fromAddress.html).not.toContain('<script>window.__xss');
    expect(fromAddress.html).not.toContain('<img src=x');
    const fromData = await firstHtml(`/dt?qr=${MARKUP_CODE}`);
    expect(fromData.html).toContain('&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;');
    expect(fromData.html).not.toContain('<script>window.__xss');
    // The store state travels as JSON that cannot close its script element.
    expect(fromData.html.match(/<\/script>/g)?.length).toBe(fromData.html.match(/<script/g)?.length);
  });

  it("holds no other code's data and no client key", async () => {
    const { html } = await firstHtml(`/dt?qr=${UNIT_CODE}`);
    expect(html).not.toContain(CARTON_CODE);
    expect(html).not.toContain('X-Key');
  });
});

describe.each([PHONE_VI, DESKTOP_EN])('without JavaScript ($name)', ({ language, context }) => {
  const t = TEXTS[language];

  it('a deep link shows its result, and the search form looks codes up through the server', async () => {
    const { page } = await suite.open(language, { ...context, javaScriptEnabled: false }, `/dt?qr=${UNIT_CODE}`);
    const ui = lookupPage(page, t);
    await expect.poll(() => ui.rows(), { timeout: 10_000 }).toEqual(unitRows(t, language));

    await ui.input.fill(CARTON_CODE);
    await ui.searchButton.click();
    await page.waitForURL((url) => url.searchParams.get('qr') === CARTON_CODE);
    await expect.poll(() => ui.rows(), { timeout: 10_000 }).toEqual(cartonRows(t, language));
  });

  it.each([
    ['an invalid code', 'ABC', 'invalidCode'],
    ['an empty field', '', 'emptyCode'],
  ] as const)('%s gets its field error from the server', async (_, typed, error) => {
    const { page } = await suite.open(language, { ...context, javaScriptEnabled: false }, '/');
    const ui = lookupPage(page, t);
    await ui.input.fill(typed);
    await ui.searchButton.click();
    await ui.alert(t.errors[error]).waitFor();
    expect(await ui.resultTable.count()).toBe(0);
  });
});

describe.each(PROFILES)('with JavaScript ($name)', ({ language, context }) => {
  const t = TEXTS[language];

  it('hydration keeps the table on screen, sends no second lookup, and later searches run in the page', async () => {
    const context_ = await suite.browser.newContext(context);
    try {
      // Watches from the first byte whether the table ever leaves the screen or loading shows.
      await context_.addInitScript((loading: string) => {
        const seen = { tableGone: false, loading: false, hadTable: false };
        (window as unknown as { __seen: typeof seen }).__seen = seen;
        new MutationObserver(() => {
          const table = document.querySelector('table');
          if (table) seen.hadTable = true;
          else if (seen.hadTable) seen.tableGone = true;
          if (document.body?.textContent?.includes(loading)) seen.loading = true;
        }).observe(document, { childList: true, subtree: true, characterData: true });
      }, t.lookup.loading);
      const page = await context_.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      const traceCalls: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') traceCalls.push(request.postData() ?? '');
      });
      await page.goto(`${suite.url}/dt?qr=${UNIT_CODE}`);
      const ui = lookupPage(page, t);
      await ui.fullyLoaded();
      await expect.poll(() => ui.rows(), { timeout: 10_000 }).toEqual(unitRows(t, language));
      expect(await page.evaluate(() => (window as unknown as { __seen: object }).__seen)).toEqual({
        tableGone: false,
        loading: false,
        hadTable: true,
      });
      expect(traceCalls).toEqual([]);

      // A later search runs in the page: one trace call, no new document.
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
      await ui.input.fill(CARTON_CODE);
      await ui.input.press('Enter');
      await expect.poll(() => ui.rows(), { timeout: 10_000 }).toEqual(cartonRows(t, language));
      expect(traceCalls).toEqual([JSON.stringify({ QrCode: CARTON_CODE })]);
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context_.close();
    }
  });

  it('fetches the scripts it starts with together, as its loader lists them, and the scanner after', async () => {
    const { page } = await suite.open(language, context, `/dt?qr=${UNIT_CODE}`);
    const loader = page.locator('script[data-modules]');
    const listed = `${await loader.getAttribute('data-modules')} ${await loader.getAttribute('data-preloads')}`.split(
      ' ',
    );
    // In the order they were requested.
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith('/assets/')),
    );
    expect(scripts.slice(0, listed.length).sort()).toEqual([...listed].sort());
    // Nothing found only once a chunk ran (a round trip more) before the page works, but the scanner's
    // controls, which the page loads on purpose once it runs.
    expect(scripts[listed.length]).toMatch(/\/scannerUi-[^/]+\.js$/);
  });

  it('keeps a code typed before the script ran, and Search then looks it up', async () => {
    const context_ = await suite.browser.newContext(context);
    try {
      const page = await context_.newPage();
      const problems = consoleProblems(page);
      const ui = lookupPage(page, t);
      await typeBeforeBundle(page, `${suite.url}/dt?qr=${UNIT_CODE}`, ui.input, CARTON_CODE);
      await ui.fullyLoaded();
      expect(await ui.input.inputValue()).toBe(CARTON_CODE);
      await ui.searchButton.click();
      await expect.poll(() => ui.rows(), { timeout: 10_000 }).toEqual(cartonRows(t, language));
      expect(problems).toEqual([]);
    } finally {
      await context_.close();
    }
  });

  it('Back and Forward between two deep links show each result', async () => {
    const { page, problems } = await suite.open(language, context, `/dt?qr=${UNIT_CODE}`);
    const ui = lookupPage(page, t);
    await expect.poll(() => ui.rows(), { timeout: 10_000 }).toEqual(unitRows(t, language));
    await page.goto(`${suite.url}/dt?qr=${CARTON_CODE}`);
    await expect.poll(() => ui.rows(), { timeout: 10_000 }).toEqual(cartonRows(t, language));
    await page.goBack();
    await expect.poll(() => ui.rows(), { timeout: 10_000 }).toEqual(unitRows(t, language));
    expect(qrParam(page)).toBe(UNIT_CODE);
    await page.goForward();
    await expect.poll(() => ui.rows(), { timeout: 10_000 }).toEqual(cartonRows(t, language));
    expect(problems).toEqual([]);
  });

  it('a product name with markup shows as text and runs nothing', async () => {
    const { page, problems } = await suite.open(language, context, `/dt?qr=${MARKUP_CODE}`);
    const ui = lookupPage(page, t);
    await ui.fullyLoaded();
    expect((await ui.rows()).find(([label]) => label === t.result.productName)?.[1]).toBe(MARKUP_NAME);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(problems).toEqual([]);
  });
});
