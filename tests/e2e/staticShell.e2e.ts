import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium';
import { TRACE_DATA, TRACE_PATH, UNIT_CODE, builtPage } from './support/e2eSuite';
import { PHONE_VI } from './support/profiles';
import { TEXTS } from './support/texts';
import { startTraceServer, type TraceServer } from './support/traceServer';

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

describe('the static build', () => {
  it('paints its prerendered shell, with the deep link\'s code, and starts the lookup before its bundle runs', async () => {
    const context = await browser!.newContext(PHONE_VI.context);
    try {
      const page = await context.newPage();
      const traceCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith(TRACE_PATH)) traceCalls.push(request.postData() ?? '');
      });
      // The page's bundle is held back until the shell and the early request have been seen.
      let releaseBundle: () => void = () => undefined;
      const bundleHeld = new Promise<void>((resolve) => (releaseBundle = resolve));
      await page.route(/\/assets\/index-[^/]+\.js$/, async (route: Route) => {
        await bundleHeld;
        await route.continue();
      });

      const trace = page.waitForResponse((response) => response.url().endsWith(TRACE_PATH));
      await page.goto(`${server!.url}/dt?qr=${UNIT_CODE}`, { waitUntil: 'commit' });
      const t = TEXTS.vi;
      await expect.poll(() => page.getByRole('heading', { name: t.lookup.title }).isVisible()).toBe(true);
      await expect.poll(() => page.getByRole('textbox', { name: t.lookup.inputLabel }).inputValue()).toBe(UNIT_CODE);
      expect((await trace).status()).toBe(200);
      expect(traceCalls).toEqual([JSON.stringify({ QrCode: UNIT_CODE })]);
      // No result yet: that is the bundle's to show.
      expect(await page.getByRole('table').count()).toBe(0);

      releaseBundle();
      await page.getByRole('table').waitFor();
      await expect.poll(() => page.getByRole('table').textContent()).toContain('Sữa bột Đồng Xanh Gold 900g');
      // The bundle took the early answer: one lookup in all.
      expect(traceCalls).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it('starts no early lookup for an address without a valid code, and the page still works', async () => {
    const context = await browser!.newContext(PHONE_VI.context);
    try {
      const page = await context.newPage();
      const traceCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith(TRACE_PATH)) traceCalls.push(request.postData() ?? '');
      });
      await page.goto(`${server!.url}/dt?qr=short`);
      const t = TEXTS.vi;
      await page.getByText(t.errors.invalidCode).waitFor();
      expect(traceCalls).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
