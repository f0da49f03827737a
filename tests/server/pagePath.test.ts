import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../support/system/redis.ts';
import { startTestServer, TRACE_URL_PATH, type TestServer } from '../support/server/harness.ts';

// The page path (/, /dt?qr=, every not-found page) renders through the page module and looks codes up:
// it takes from the same per-client budget as the API, renders are capped in number, and only GET and
// HEAD reach it. The render module here is a stand-in that counts its renders and lookups in a probe
// on globalThis (the service runs in this process), and can be held mid-render.

interface Probe {
  renders: number;
  lookups: number;
  /** While set, a render waits for it after its lookup. */
  hold?: Promise<void>;
  /** Called as each render starts. */
  started?: () => void;
}

const probe = (): Probe => (globalThis as unknown as { pageProbe: Probe }).pageProbe;

const PROBE_MODULE = `
export async function renderPage({ url, answerTrace }) {
  const probe = globalThis.pageProbe;
  probe.renders++;
  probe.started?.();
  const qr = new URL(url, 'http://x').searchParams.get('qr');
  if (qr) {
    probe.lookups++;
    await answerTrace({ QrCode: qr });
  }
  if (probe.hold) await probe.hold;
  return { status: url.startsWith('/missing') ? 404 : 200, lang: 'vi', title: 't', description: 'd', head: '', body: '<main>rendered</main>', state: '{}' };
}
// The page build picks the busy page's language as it picks the page's (tested with the real build in
// tests/unit/i18n/thirdLanguage.node.test.tsx); this one echoes what it was given.
export function busyTexts({ url, cookie, acceptLanguage }, seconds) {
  return {
    lang: 'xx', brand: 'Milk & Co', primary: 'red;background:url(x)', pageTitle: 'Busy <' + acceptLanguage + '>',
    title: 'Busy', hint: 'Wait & see: ' + url + ' in ' + seconds + ' s', retry: 'Again, ' + cookie,
  };
}`;

let moduleDir = '';
let server: TestServer | undefined;
beforeAll(() => {
  moduleDir = mkdtempSync(join(tmpdir(), 'trace-ssr-'));
  writeFileSync(join(moduleDir, 'entry-server.mjs'), PROBE_MODULE);
});
afterAll(() => rmSync(moduleDir, { recursive: true, force: true }));
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function startRendering(env: Record<string, string> = {}): Promise<TestServer> {
  (globalThis as unknown as { pageProbe: Probe }).pageProbe = { renders: 0, lookups: 0 };
  server = await startTestServer({ SSR_ENTRY: join(moduleDir, 'entry-server.mjs'), ...env });
  return server;
}

const CODE = '1D24B3261X54A2320';
const page = (path: string, init?: RequestInit) => fetch(`${server!.url}${path}`, init);
const status = async (response: Promise<Response>) => {
  const answered = await response;
  await answered.arrayBuffer();
  return answered.status;
};

describe.each([
  ['in this process', false],
  ['in Redis', true],
])('one budget for lookups and pages, counted %s', (_where, shared) => {
  let redis: TestRedis | undefined;
  afterEach(async () => {
    await redis?.remove();
    redis = undefined;
  });

  it('answers 429 once API lookups and page loads together reach RATE_LIMIT_MAX; files are not counted', async () => {
    redis = shared ? await startRedis() : undefined;
    await startRendering({
      RATE_LIMIT_MAX: '5',
      RATE_LIMIT_WINDOW_MS: '60000',
      ...(redis ? { REDIS_URL: redis.url } : {}),
    });
    // Counted in Redis indeed, not in the fallback that counts in this process while Redis is away.
    if (redis) expect(server!.logs.join('')).toMatch(/Redis at \S+ reachable: the rate limit is shared/);
    for (let i = 0; i < 10; i++) expect(await status(page('/assets/index-abc123.js'))).toBe(200);

    expect(await status(server!.trace({ QrCode: CODE }))).toBe(200);
    expect(await status(page(`/dt?qr=${CODE}`))).toBe(200);
    expect(await status(server!.trace({ QrCode: CODE }))).toBe(200);
    expect(await status(page('/'))).toBe(200);
    expect(await status(page('/missing/page'))).toBe(404);

    const limitedPage = await page(`/dt?qr=${CODE}`, {
      headers: { 'accept-language': 'en-GB,en;q=0.9', cookie: 'i18nextLng=en' },
    });
    expect(limitedPage.status).toBe(429);
    expect(Number(limitedPage.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limitedPage.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(limitedPage.headers.get('cache-control')).toBe('no-store');
    // The page build's texts for this very request, escaped.
    const html = await limitedPage.text();
    expect(html).toContain('<html lang="xx">');
    expect(html).toContain('<title>Busy &lt;en-GB,en;q=0.9&gt;</title>');
    expect(html).toContain(`Wait &amp; see: /dt?qr=${CODE} in ${limitedPage.headers.get('retry-after')} s`);
    expect(html).toContain('Again, i18nextLng=en');
    // The brand on top, in its colour; a colour that is not one never reaches the style.
    expect(html).toContain('<header>Milk &amp; Co</header>');
    expect(html).not.toContain('url(x)');
    expect((await server!.trace({ QrCode: CODE })).status).toBe(429);
    expect(await status(page('/missing/other'))).toBe(429);
    // Only what was let through rendered.
    expect(probe().renders).toBe(3);
    expect(probe().lookups).toBe(1);
    expect(await status(page('/assets/index-abc123.js'))).toBe(200);
  });
});

it("holds a refusal a second before it goes out, the API's as the page's: a flood runs at the pace of its connections", async () => {
  await startRendering({ RATE_LIMIT_MAX: '1' });
  const answeredAfter = async (request: Promise<Response>) => {
    const begun = performance.now();
    const answered = await request;
    await answered.arrayBuffer();
    return { status: answered.status, ms: performance.now() - begun };
  };
  expect((await answeredAfter(page('/'))).status).toBe(200);
  for (const refused of [await answeredAfter(page('/')), await answeredAfter(server!.trace({ QrCode: CODE }))]) {
    expect(refused.status).toBe(429);
    // A lower bound only: a slow machine answers later, never sooner.
    expect(refused.ms).toBeGreaterThanOrEqual(950);
  }
});

it('renders no more than RENDER_CONCURRENCY_MAX pages at once: past it, 503 with Retry-After', async () => {
  await startRendering({ RENDER_CONCURRENCY_MAX: '2' });
  let release = () => {};
  probe().hold = new Promise((resolve) => (release = resolve));
  let twoStarted = () => {};
  const bothStarted = new Promise<void>((resolve) => (twoStarted = resolve));
  probe().started = () => {
    if (probe().renders === 2) twoStarted();
  };
  const held = [page(`/dt?qr=${CODE}`), page('/')];
  await bothStarted;

  const refused = await page(`/dt?qr=${CODE}`);
  expect(refused.status).toBe(503);
  expect(refused.headers.get('retry-after')).toBe('1');
  expect(await refused.text()).toContain('Wait &amp; see: /dt?qr=');
  expect(probe().renders).toBe(2);

  release();
  expect(await Promise.all(held.map(status))).toEqual([200, 200]);
  // The slots are free again.
  expect(await status(page('/'))).toBe(200);
  // The API does not wait for render slots.
  expect(await status(server!.trace({ QrCode: CODE }))).toBe(200);
});

describe('methods on page paths', () => {
  it.each(['POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS', 'PROPFIND'])(
    'answers %s with 405 and Allow, without a render or lookup',
    async (method) => {
      await startRendering();
      const response = await page(`/dt?qr=${CODE}`, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
      expect(await response.json()).toMatchObject({ error: 'VALIDATION', status: 405, EndPoint: '/dt' });
      expect(await status(page('/missing/page', { method }))).toBe(405);
      expect(probe()).toMatchObject({ renders: 0, lookups: 0 });
    },
  );

  it('renders GET and HEAD, and leaves the API its own methods', async () => {
    await startRendering();
    expect(await status(page(`/dt?qr=${CODE}`))).toBe(200);
    expect(await status(page(`/dt?qr=${CODE}`, { method: 'HEAD' }))).toBe(200);
    expect(probe().renders).toBe(2);
    expect(await status(server!.trace({ QrCode: CODE }))).toBe(200);
    expect(await status(fetch(`${server!.url}${TRACE_URL_PATH}`, { method: 'DELETE' }))).toBe(404);
  });
});
