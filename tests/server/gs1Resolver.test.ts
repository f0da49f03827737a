import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDigitalLink, parseDigitalLink, type DigitalLink } from '../../src/contract/gs1/digitalLink.ts';
import { resolverDescription } from '../../server/routes/gs1Resolver.ts';
import { BACKENDS, type TestDatabase } from '../support/server/backends.ts';
import { startTestServer, type TestServer } from '../support/server/harness.ts';
import { rawRequest } from '../support/system/rawRequest.ts';

// The resolver against the real service on each database, checked the way GS1's resolver conformance test suite
// (github.com/gs1/GS1DL-resolver-testsuite, GS1DigitalLinkResolverTestSuite.js with its tester.php) checks a
// resolver: each `it` below names the suite's check it reproduces (its id), with the same request (curl-like: an
// Origin header, no HTML in Accept) and the same pass condition. The page render is a stand-in module that echoes
// what the service gives it: the address and the serial's answer, as the real page reads them (the real page
// renders in the e2e suite).

const CAN = '1D24B3261X54A2320'; // demo: SB900G, lot L2026-0612, GTIN 08930000000002
const CAN_GTIN = '08930000000002';
const CAN_LOT = 'L2026-0612';
const UNIT_DL = `/01/${CAN_GTIN}/10/${CAN_LOT}/21/${CAN}`;
const ORIGIN_HEADER = { origin: 'https://ref.gs1.org/test-suites/resolver/' };
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const GS1_VOC = 'https://ref.gs1.org/voc/';
/** A shopper's tap on a scanned link: a document navigation, as the service counts page renders. */
const NAVIGATION = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none' };
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** The brand the stand-in build names (the real one: VITE_BRAND_NAME, theme/brand.ts). */
const BRAND = 'Sữa Thử Nghiệm';
const ECHO_MODULE = `
export async function renderPage({ url, answerTrace, gs1Level }) {
  const serial = url.split('?')[0].split('/21/')[1];
  const answer = serial ? await answerTrace({ QrCode: decodeURIComponent(serial) }) : null;
  const echo = JSON.stringify({ url, answer, gs1Level: gs1Level ?? null }).replace(/</g, '\\\\u003c');
  return { status: 200, lang: 'vi', title: 'Trace', description: 'Trace', head: '', body: '<main id="echo">' + echo + '</main>', state: '{}' };
}
export const busyTexts = () => ({ lang: 'en', brand: '${BRAND}', primary: '#0b5cad', pageTitle: 'Busy', title: 'Busy', hint: 'Later', retry: 'Again' });
`;

interface Echo {
  url: string;
  answer: { status: number; body: { Data: { Products: { Code: string; Gtin?: string; Lot?: string }[] } } } | null;
  gs1Level: { path: string; status: number; body: Record<string, unknown> } | null;
}

const echoOf = (html: string): Echo => JSON.parse(/<main id="echo">(.*?)<\/main>/s.exec(html)?.[1] ?? 'null') as Echo;

describe.each(BACKENDS)('the GS1 Digital Link resolver on $name', (backend) => {
  let database: TestDatabase;
  let server: TestServer;
  let moduleDir: string;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${server.url}${path}`, { method, headers: { ...ORIGIN_HEADER, ...headers }, redirect: 'manual' });
  const linksetOf = async (path: string) =>
    (await (await get(`${path}?linkType=linkset`)).json()) as {
      linkset: Record<string, unknown>[];
    };

  beforeAll(async () => {
    database = await backend.create();
    moduleDir = mkdtempSync(join(tmpdir(), 'gs1-ssr-'));
    writeFileSync(join(moduleDir, 'entry-server.mjs'), ECHO_MODULE);
    server = await startTestServer({
      ...database.env,
      SSR_ENTRY: join(moduleDir, 'entry-server.mjs'),
      GS1_PIP_URL: 'https://brand.example/san-pham/{productCode}',
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
    rmSync(moduleDir, { recursive: true, force: true });
  });

  it('rdFile: describes itself at /.well-known/gs1resolver (its brand, resolverRoot, supported keys, link types)', async () => {
    const response = await get('/.well-known/gs1resolver', { accept: 'application/json' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toMatchObject({
      // Named after the brand of the page's build, as the page's title and busy page are.
      name: `${BRAND}: GS1 Digital Link resolver`,
      resolverRoot: '/',
      supportedPrimaryKeys: ['01'],
      supportedLinkType: [{ namespace: GS1_VOC, prefix: 'gs1:' }],
      linkTypeDefaultCanBeLinkset: false,
    });
  });

  it('corsCheck, methodsCheck, linkOnRedirect, legacyLinkHeaders: CORS for any site, GET/HEAD/OPTIONS, a Link to the linkset only', async () => {
    const response = await get(UNIT_DL);
    expect(response.status).toBe(307);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    // The page's own headers keep other sites from reading its resources; a resolver answer must be readable.
    expect(response.headers.get('cross-origin-resource-policy')).toBeNull();
    const link = response.headers.get('link') ?? '';
    expect(link).toContain(`<${UNIT_DL}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`);
    expect(link).not.toContain('rel="gs1:');
    const head = await get(UNIT_DL, {}, 'HEAD');
    expect([head.status, head.headers.get('location')]).toEqual([307, response.headers.get('location')]);
    const options = await get(UNIT_DL, { 'access-control-request-method': 'GET' }, 'OPTIONS');
    expect(options.status).toBe(204);
    expect(options.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
  });

  it('reportWith400, noErrorWith200: a malformed URI is a 400 with the reason (path, check digit, AI, characters)', async () => {
    for (const path of [
      `${UNIT_DL}/foo`,
      `/01/08930000000001/21/${CAN}`,
      `/01/${CAN_GTIN}/21/${CAN}?99999=1`,
      `/01/${CAN_GTIN}/21/A%20B`,
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'VALIDATION', status: 400 });
    }
  });

  it('trailingSlash: the same answer with and without a trailing slash', async () => {
    const [without, slash] = await Promise.all([get(UNIT_DL), get(`${UNIT_DL}/`)]);
    expect([slash.status, slash.headers.get('location')]).toEqual([without.status, without.headers.get('location')]);
  });

  it('qsPassedOn and defaultTarget: redirects to the default link, passing the query on', async () => {
    const { linkset } = await linksetOf(UNIT_DL);
    const defaultLink = (linkset[0]?.[`${GS1_VOC}defaultLink`] as { href: string }[])[0]?.href;
    expect(defaultLink).toBe(`/dt?qr=${CAN}`);
    expect((await get(UNIT_DL)).headers.get('location')).toBe(defaultLink);
    expect((await get(`${UNIT_DL}?foo=bar&17=280612`)).headers.get('location')).toBe(
      `${defaultLink}&foo=bar&17=280612`,
    );
  });

  it('ltLinksetNoRedirect, ltAcceptHeader, validLinkset, linksetJsonldCheck, declaredContentType: the linkset, every level up to the GTIN', async () => {
    for (const request of [
      get(`${UNIT_DL}?linkType=linkset`),
      get(`${UNIT_DL}?linkType=all`),
      get(UNIT_DL, { accept: 'application/linkset+json' }),
    ]) {
      const response = await request;
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/linkset\+json/);
      expect(response.headers.get('link')).toContain(
        '<https://ref.gs1.org/standards/resolver/linkset-context>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"',
      );
      const { linkset } = (await response.json()) as { linkset: Record<string, unknown>[] };
      expect(linkset.map((level) => level.anchor)).toEqual([
        UNIT_DL,
        `/01/${CAN_GTIN}/10/${CAN_LOT}`,
        `/01/${CAN_GTIN}`,
      ]);
      // GS1's linkset schema: each link type an array of link objects with href and title; one default link per level.
      for (const level of linkset) {
        for (const [type, links] of Object.entries(level)) {
          if (type === 'anchor' || type === 'itemDescription') continue;
          expect(type.startsWith(GS1_VOC), type).toBe(true);
          for (const link of links as Record<string, unknown>[]) {
            expect(typeof link.href).toBe('string');
            expect(typeof link.title).toBe('string');
          }
        }
        expect(level[`${GS1_VOC}defaultLink`]).toHaveLength(1);
        expect(Object.keys((level[`${GS1_VOC}defaultLink`] as object[])[0] ?? {})).toEqual(['href', 'title']);
      }
    }
  });

  it('loFor<linkType>: each link type of the linkset redirects to its link, the most granular level first', async () => {
    const { linkset } = await linksetOf(UNIT_DL);
    const seen = new Set<string>();
    for (const level of linkset) {
      for (const [type, links] of Object.entries(level)) {
        if (!type.startsWith(GS1_VOC) || seen.has(type) || type.endsWith('defaultLink')) continue;
        seen.add(type);
        const curie = `gs1:${type.slice(GS1_VOC.length)}`;
        const response = await get(`${UNIT_DL}?linkType=${curie}`);
        expect([response.status, response.headers.get('location')], curie).toEqual([
          307,
          (links as { href: string }[])[0]?.href,
        ]);
      }
    }
    expect([...seen].sort()).toEqual(
      ['masterData', 'pip', 'recallStatus', 'traceability'].map((type) => `${GS1_VOC}${type}`),
    );
    expect((await get(`${UNIT_DL}?linkType=https://gs1.org/voc/pip`)).headers.get('location')).toBe(
      'https://brand.example/san-pham/SB900G',
    );
  });

  it('specificLinkTypeNotFound: a link type with no link is a 404; so is a GTIN the service does not know', async () => {
    expect((await get(`${UNIT_DL}?linkType=gs1:nosuchlt`)).status).toBe(404);
    expect((await get(`/01/05412345000013/21/${CAN}`)).status).toBe(404);
  });

  it('answers the lot and the GTIN levels: the lot status JSON (gs1:recallStatus) and the product JSON', async () => {
    const lot = await get(`/01/${CAN_GTIN}/10/${CAN_LOT}`);
    expect(lot.status).toBe(307);
    const status = await fetch(new URL(lot.headers.get('location') ?? '', server.url));
    expect(status.status).toBe(200);
    expect(await status.json()).toEqual({
      Gtin: CAN_GTIN,
      Lot: CAN_LOT,
      ProductCode: 'SB900G',
      ProductName: 'Sữa bột Đồng Xanh Gold 900g',
      ProductDate: '2026-06-12',
      ExpireDate: '2028-06-12',
      LotStatus: 'active',
    });
    const product = await fetch(
      new URL((await get(`/01/${CAN_GTIN}?linkType=gs1:masterData`)).headers.get('location') ?? '', server.url),
    );
    expect(await product.json()).toMatchObject({
      Gtin: CAN_GTIN,
      ProductCode: 'SB900G',
      ProductUnits: ['lon'],
      PipUrl: 'https://brand.example/san-pham/SB900G',
    });
    expect((await get(`/01/${CAN_GTIN}/10/NO-SUCH-LOT?linkType=gs1:recallStatus`)).status).toBe(404);
  });

  it('owl:sameAs: a compressed URI is answered as its long form, which its Link header names', async () => {
    const long = parseDigitalLink(`${server.url}${UNIT_DL}?17=280612`) as DigitalLink;
    const compressed = compressDigitalLink(long, '');
    const response = await get(compressed);
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe(`/dt?qr=${CAN}`);
    expect(response.headers.get('link')).toContain(`<${UNIT_DL}?17=280612>; rel="owl:sameAs"`);
    // A path that only looks compressed is the page's own not-found page.
    expect((await get('/AAAAAAAAAAAA', { accept: HTML })).status).not.toBe(307);
  });

  it('renders the page in place for a browser, with the pack as printed, its lookup counted, JSON-LD and a Link', async () => {
    const before = (await (await server.trace({ QrCode: CAN })).json()) as { Checks: { Lookups: number } };
    // Another phone than the API's lookups (a device's repeats within minutes count once).
    const response = await rawRequest(`${server.url}${UNIT_DL}?17=280600`, {
      headers: { accept: HTML, 'user-agent': IPHONE, ...NAVIGATION },
    });
    expect(response.status).toBe(200);
    expect(response.headers.location).toBeUndefined();
    expect(response.headers.link).toContain('rel="linkset"');
    const html = response.body;
    const echo = echoOf(html);
    expect(echo.url).toBe(`${UNIT_DL}?17=280600`);
    expect(echo.answer?.body.Data.Products[0]).toMatchObject({ Code: CAN, Gtin: CAN_GTIN, Lot: CAN_LOT });
    // A third phone's lookup sees the render's counted (counts are written in batches: polled).
    const third = { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 9) Mobile' };
    await expect
      .poll(async () => ((await (await server.trace({ QrCode: CAN }, third)).json()) as typeof before).Checks.Lookups)
      .toBeGreaterThanOrEqual(before.Checks.Lookups + 2);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'IndividualProduct',
      gtin: CAN_GTIN,
      serialNumber: CAN,
      productionDate: '2026-06-12',
      hasGS1DigitalLink: `${UNIT_DL}?17=280600`,
      isRelatedTo: { '@type': 'SomeProducts', gtin: CAN_GTIN, identifier: CAN_LOT },
    });
  });

  it('vouches for nothing the record does not confirm: no JSON-LD when the pack says another lot', async () => {
    const html = await (await get(`/01/${CAN_GTIN}/10/L-OTHER/21/${CAN}`, { accept: HTML })).text();
    expect(echoOf(html).answer?.body.Data.Products[0]).toMatchObject({ Code: CAN, Lot: CAN_LOT });
    expect(html).not.toContain('application/ld+json');
  });

  it("renders a lot's page and a product's page with their data, and a malformed link's page for the page to explain", async () => {
    const lot = await (await get(`/01/${CAN_GTIN}/10/${CAN_LOT}`, { accept: HTML })).text();
    expect(echoOf(lot).url).toBe(`/01/${CAN_GTIN}/10/${CAN_LOT}`);
    // The lot's status JSON is given to the render, so the first HTML shows it.
    expect(echoOf(lot).gs1Level).toMatchObject({
      path: `/gs1/01/${CAN_GTIN}/10/${CAN_LOT}`,
      status: 200,
      body: { Lot: CAN_LOT, LotStatus: 'active' },
    });
    expect(lot).toContain(`"@type":"SomeProducts","@id":"/01/${CAN_GTIN}/10/${CAN_LOT}"`);
    const product = await (await get(`/01/${CAN_GTIN}`, { accept: HTML })).text();
    expect(echoOf(product).url).toBe(`/01/${CAN_GTIN}`);
    expect(echoOf(product).gs1Level).toMatchObject({ path: `/gs1/01/${CAN_GTIN}`, body: { ProductCode: 'SB900G' } });
    expect(product).toContain(`"@type":"Product","@id":"/01/${CAN_GTIN}"`);
    expect(echoOf(await (await get('/01/08930000000001', { accept: HTML })).text()).url).toBe('/01/08930000000001');
  });

  it('builds no link from Host or X-Forwarded-Host (without PUBLIC_ORIGIN links are relative), and lets caches keep nothing unchecked', async () => {
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const answers = await Promise.all([
      rawRequest(`${server.url}${UNIT_DL}?foo=bar`, { headers: forged }),
      rawRequest(`${server.url}${UNIT_DL}?linkType=linkset`, { headers: forged }),
      rawRequest(`${server.url}/01/${CAN_GTIN}/10/${CAN_LOT}`, {
        headers: { ...forged, accept: 'application/ld+json' },
      }),
      rawRequest(`${server.url}${UNIT_DL}`, { headers: { ...forged, accept: HTML } }),
      rawRequest(`${server.url}/01/${CAN_GTIN}`, { headers: { ...forged, accept: HTML } }),
      rawRequest(`${server.url}/.well-known/gs1resolver`, { headers: forged }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([307, 200, 200, 200, 200, 200]);
    for (const answer of answers) expect(JSON.stringify([answer.headers, answer.body])).not.toContain('evil.example');
    expect(answers[0]?.headers.location).toBe(`/dt?qr=${CAN}&foo=bar`);
    expect(answers.slice(0, 3).map((answer) => answer.headers['cache-control'])).toEqual([
      'no-cache',
      'no-cache',
      'no-cache',
    ]);
  });

  it('answers a malformed Host without a server error', async () => {
    const bad = { host: 'a b' };
    const answers = await Promise.all([
      rawRequest(`${server.url}${UNIT_DL}?foo=bar`, { headers: bad }),
      rawRequest(`${server.url}${UNIT_DL}?linkType=linkset`, { headers: bad }),
      rawRequest(`${server.url}${UNIT_DL}`, { headers: { ...bad, accept: HTML } }),
    ]);
    for (const answer of answers) expect(answer.status).toBeLessThan(500);
  });
});

it('names no brand in its description when the service has no server build to learn it from', () => {
  expect(resolverDescription('/', undefined)).toMatchObject({ name: 'GS1 Digital Link resolver' });
});

describe('the resolver under the lookup budget', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' });
  });
  afterAll(async () => server?.close());

  it('takes each resolver answer from the same budget as the lookups', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await fetch(`${server.url}${UNIT_DL}`, { redirect: 'manual' })).status);
    expect(statuses).toEqual([307, 307, 307, 429, 429]);
    expect((await server.trace({ QrCode: CAN })).status).toBe(429);
  });
});
