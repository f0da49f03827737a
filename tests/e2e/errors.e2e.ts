import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBadGatewayProxy, type BadGatewayProxy } from '../support/system/badGatewayProxy';
import { startKnownDataServer, TRACE_PATH, UNIT_CODE, e2eSuite } from '../support/browser/e2eSuite';
import { lookupPage } from '../support/browser/lookupPage';
import { PROFILES } from '../support/browser/profiles';
import { fill } from '../support/browser/texts';
import type { TraceServer } from '../support/server/traceServer';

const suite = e2eSuite();

// A second service that does not know the page's key (VITE_TRACE_API_KEY): it answers 401 with an
// error body naming the endpoint. The proxy answers the trace call with an HTML 502 page.
let wrongKeyServer: TraceServer | undefined;
let proxy: BadGatewayProxy | undefined;
beforeAll(async () => {
  wrongKeyServer = await startKnownDataServer({ TRACE_API_KEYS: 'some-other-client-key' });
  proxy = await startBadGatewayProxy(suite.url);
});
afterAll(async () => {
  await proxy?.stop();
  await wrongKeyServer?.stop();
});

describe.each(PROFILES)('trace errors in Chromium ($name)', ({ language, context }) => {
  it('a service that rejects the page key (401) shows the system error with code and endpoint', async () => {
    const { page, t, traceCalls } = await suite.open(language, context, '/', wrongKeyServer?.url);
    const ui = lookupPage(page, t);

    await ui.input.fill(UNIT_CODE);
    const answered = page.waitForResponse((response) => response.request() === traceCalls[0]);
    await ui.input.press('Enter');

    expect((await answered).status()).toBe(401);
    await ui.alert(fill(t.errors.systemErrorAt, { code: 401, endpoint: TRACE_PATH })).waitFor();
    expect(await ui.resultTable.count()).toBe(0);
  });

  it('an HTML 502 page from a proxy shows the plain system error', async () => {
    const { page, t, traceCalls } = await suite.open(language, context, '/', proxy?.url);
    const ui = lookupPage(page, t);

    await ui.input.fill(UNIT_CODE);
    const answered = page.waitForResponse((response) => response.request() === traceCalls[0]);
    await ui.input.press('Enter');

    expect((await answered).status()).toBe(502);
    await ui.alert(t.errors.systemError).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'endpoint' }).count()).toBe(0);
  });

  it('a stopped service shows the plain system error, and Search stays usable', async () => {
    const ownServer = await startKnownDataServer();
    try {
      const { page, t } = await suite.open(language, context, '/', ownServer.url);
      const ui = lookupPage(page, t);
      // Stopped once the page has loaded all it loads by itself: the shopper has the page, the service goes away.
      await ui.fullyLoaded();
      await ownServer.stop();

      await ui.input.fill(UNIT_CODE);
      await ui.input.press('Enter');

      await ui.alert(t.errors.systemError).waitFor();
      expect(await ui.resultTable.count()).toBe(0);
      expect(await ui.searchButton.isEnabled()).toBe(true); // nothing hangs
    } finally {
      await ownServer.stop();
    }
  });
});
