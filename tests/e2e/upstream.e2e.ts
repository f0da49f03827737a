import type { Response } from 'playwright-core';
import { API_KEY_HEADER } from '../../src/contract/traceContract';
import { DEMO_KEY } from '../support/server/harness';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BIG_CARTON_UNIT, BIG_CARTON_UNITS, startFaultProxy, type FaultProxy } from '../support/system/faultProxy';
import { builtPage, startKnownDataServer, TRACE_PATH, UNIT_CODE, e2eSuite } from '../support/browser/e2eSuite';
import { lookupPage, unitRows } from '../support/browser/lookupPage';
import { PHONE_VI, PROFILES } from '../support/browser/profiles';
import { TEXTS } from '../support/browser/texts';
import { startTraceServer, type TraceServer } from '../support/server/traceServer';

// Issue 24: the page server in upstream mode, in front of the reference service on its own port and
// database (the brand's "existing" trace service), with a fault-injecting proxy between them.

const suite = e2eSuite();
/** Only the upstream knows it; the page keeps sending its own key (VITE_TRACE_API_KEY) to the page server. */
const UPSTREAM_KEY = 'upstream-only-key-7f3a9c';

let upstream: TraceServer | undefined;
let proxy: FaultProxy | undefined;
let pageServer: TraceServer | undefined;

beforeAll(async () => {
  upstream = await startKnownDataServer({ TRACE_API_KEYS: UPSTREAM_KEY });
  proxy = await startFaultProxy(upstream.url);
  pageServer = await startTraceServer({
    page: builtPage(),
    env: {
      TRACE_UPSTREAM_URL: `${proxy.url}/qrinfo-svc/api`,
      TRACE_UPSTREAM_KEY: UPSTREAM_KEY,
      // Every lookup reaches the proxy, so each fault shows.
      TRACE_UPSTREAM_CACHE_TTL_S: '0',
      RATE_LIMIT_MAX: '0',
    },
  });
});
afterAll(async () => {
  await pageServer?.stop();
  await proxy?.stop();
  await upstream?.stop();
});

afterEach(() => {
  proxy?.set('pass');
  if (proxy) proxy.forCode = undefined;
});

const origin = () => pageServer!.url;

it('says in one line that the demo data is not loaded in upstream mode (SEED_DEMO=1)', async () => {
  // The log reaches standard output in blocks, at least once a second.
  await expect
    .poll(() => pageServer!.output(), { timeout: 5000 })
    .toMatch(/SEED_DEMO=1 is not available in upstream mode[^\n]*\n/);
});

describe.each(PROFILES)('upstream mode in Chromium ($name)', ({ language, context }) => {
  it("renders a deep link from the upstream's data; the browser talks only to the page server and never sees the upstream's key", async () => {
    const before = proxy!.calls;
    const fetched: Response[] = [];
    const requested: string[] = [];
    const opened = await suite.browser.newContext(context);
    try {
      const page = await opened.newPage();
      page.on('request', (request) => requested.push(request.url()));
      page.on('response', (response) => fetched.push(response));
      const first = await page.goto(`${origin()}/dt?qr=${UNIT_CODE}`);
      const t = TEXTS[language];
      // The first HTML already holds the result: rendered from the upstream's answer.
      expect(await first!.text()).toContain('Sữa bột Đồng Xanh Gold 900g');
      const ui = lookupPage(page, t);
      expect(await ui.rows()).toEqual(unitRows(t, language));
      await ui.fullyLoaded();

      // The browser's own lookup goes to the page server, which asks the upstream.
      await ui.clearButton.click();
      await ui.input.fill(UNIT_CODE);
      const answered = page.waitForResponse((response) => new URL(response.url()).pathname === TRACE_PATH);
      await ui.input.press('Enter');
      expect((await answered).status()).toBe(200);
      expect(await ui.rows()).toEqual(unitRows(t, language));
      expect(proxy!.calls - before).toBe(2);

      const pageOrigin = new URL(origin()).origin;
      expect(requested.filter((url) => !url.startsWith('data:') && new URL(url).origin !== pageOrigin)).toEqual([]);
      expect(requested.some((url) => new URL(url).pathname === TRACE_PATH)).toBe(true);
      const bodies = await Promise.all(
        fetched.map(async (response) => (await response.body().catch(() => Buffer.alloc(0))).toString('latin1')),
      );
      expect(bodies.length).toBeGreaterThan(3);
      for (const body of bodies) expect(body).not.toContain(UPSTREAM_KEY);
      for (const response of fetched) expect(JSON.stringify(await response.allHeaders())).not.toContain(UPSTREAM_KEY);
    } finally {
      await opened.close();
    }
  });

  it.each(['html500', 'garbage', 'resetMidBody', 'error500Leaky', 'error401Echo', 'wrongType'] as const)(
    'shows the plain system error when the upstream sends %s, and nothing of its body',
    async (fault) => {
      proxy!.set(fault);
      const { page, t } = await suite.open(language, context, `/dt?qr=${UNIT_CODE}`, origin());
      await lookupPage(page, t).alert(t.errors.systemError).waitFor();
      const html = await page.content();
      for (const leak of [UPSTREAM_KEY, '/internal/v2/trace', '10.1.2.3']) expect(html).not.toContain(leak);
    },
  );

  it("shows 'No products found' when the upstream answers 204", async () => {
    proxy!.set('noContent');
    const { page, t } = await suite.open(language, context, `/dt?qr=${UNIT_CODE}`, origin());
    await lookupPage(page, t).alert(t.errors.noProducts).waitFor();
  });
});

describe("a carton of 50,000 units from the upstream (issue 37 point 7 (d): read in the page server's worker thread)", () => {
  it('lists its first ten and their number in the page; an API lookup of it still gets every code', async () => {
    const carton = 'TH26A1105C50B0001';
    proxy!.forCode = (code) => (code === carton ? 'bigCarton' : undefined);
    const html = await (await fetch(`${origin()}/dt?qr=${carton}`)).text();
    expect(html).toContain(BIG_CARTON_UNIT(9));
    expect(html).not.toContain(BIG_CARTON_UNIT(10));
    expect(html).toContain('"unitTotal":50000');

    const { page, t, problems } = await suite.open('vi', PHONE_VI.context, `/dt?qr=${carton}`, origin());
    const list = page.getByRole('region', { name: t.labels.canList });
    expect(await list.getByRole('link').count()).toBe(10);
    await list.getByRole('button', { name: /50[.,]?000/ }).waitFor();
    expect(problems).toEqual([]);

    // What "Show all" asks for (result.e2e.ts shows it listing them): the contract's whole answer.
    const looked = await fetch(`${origin()}${TRACE_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [API_KEY_HEADER]: DEMO_KEY },
      body: JSON.stringify({ QrCode: carton }),
    });
    expect(looked.status).toBe(200);
    const { Data } = (await looked.json()) as { Data: { Box: { Code: string; UnitCodes: string[] }[] } };
    expect(Data.Box[0]!.Code).toBe(carton);
    expect(Data.Box[0]!.UnitCodes).toEqual(Array.from({ length: BIG_CARTON_UNITS }, (_, i) => BIG_CARTON_UNIT(i)));
  });
});
