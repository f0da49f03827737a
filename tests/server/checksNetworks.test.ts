import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TraceChecks, TraceResponse } from '../../src/contract/traceContract.ts';
import { vietnamDay } from '../../src/contract/vietnamDay.ts';
import { BACKENDS, type TestDatabase } from '../support/server/backends.ts';
import { startTestServer, type TestServer } from '../support/server/harness.ts';
import { rawRequest } from '../support/system/rawRequest.ts';

// Issue 36 (security review N1, N7): the caution counts distinct networks of shoppers who looked, within a
// recent window, and nobody can plant it with User-Agents, embeds, prefetches, chat previews or the page's own
// links. Against the real service (its page route with a stand-in render module, its API), on both databases,
// with the counter's clock in the test's hands.

const STAFF_KEY = 'desk-key';
const DAY = 86_400_000;
/** A phone's browser, as isbot and the service see a real one. */
const PHONE = (n: number) =>
  `Mozilla/5.0 (Linux; Android 14; TraceTestPhone-${n}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36`;
/** What a browser sends when its user opens a link or types an address. */
const NAVIGATE = {
  'sec-fetch-dest': 'document',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-site': 'none',
  'sec-fetch-user': '?1',
};
/** An address on network n (its own /24). */
const ON_NETWORK = (n: number, host = 7) => `198.${18 + Math.floor(n / 256)}.${n % 256}.${host}`;
const ECHO_MODULE = `
export async function renderPage({ url, answerTrace }) {
  const qr = new URL(url, 'http://x').searchParams.get('qr');
  const answer = await answerTrace({ QrCode: qr });
  return { status: 200, lang: 'vi', title: 'T', description: 'D', head: '', body: '<pre>' + JSON.stringify(answer.body?.Checks ?? null) + '</pre>', state: '{}' };
}
export const busyTexts = () => ({ lang: 'vi', title: 'Busy', hint: 'Later', retry: 'Again' });`;

describe.each(BACKENDS)('who counts toward the caution, on $name', { timeout: 60_000 }, (backend) => {
  let database: TestDatabase;
  let server: TestServer;
  let moduleDir: string;
  const clock = { now: Date.now() };
  beforeAll(async () => {
    moduleDir = mkdtempSync(join(tmpdir(), 'trace-ssr-'));
    writeFileSync(join(moduleDir, 'entry-server.mjs'), ECHO_MODULE);
    database = await backend.create();
    server = await startTestServer(
      {
        ...database.env,
        SSR_ENTRY: join(moduleDir, 'entry-server.mjs'),
        STAFF_API_KEYS: STAFF_KEY,
        // The tests' networks come through one trusted proxy hop (X-Forwarded-For), as behind a load balancer.
        TRUST_PROXY: '1',
        RATE_LIMIT_MAX: '100000',
      },
      { checksClock: () => clock.now },
    );
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
    rmSync(moduleDir, { recursive: true, force: true });
  });

  /** A page request for a code, from an address, with a User-Agent and any other headers. */
  const open = async (
    code: string,
    { address, agent, headers = NAVIGATE, method = 'GET', query = '' }: PageRequest,
  ): Promise<number> => {
    const response = await rawRequest(`${server.url}/dt?qr=${code}${query}`, {
      method,
      headers: { 'user-agent': agent, 'x-forwarded-for': address, ...headers },
    });
    return response.status;
  };
  /** What staff read of a code: never counted. */
  const checksOf = async (code: string): Promise<TraceChecks | null | undefined> => {
    const response = await server.trace({ QrCode: code }, { 'X-Key': STAFF_KEY });
    expect(response.status).toBe(200);
    return ((await response.json()) as TraceResponse).Checks;
  };
  const written = (code: string, lookups: number) =>
    vi.waitFor(
      async () =>
        expect(await database.rows(`SELECT lookups FROM check_codes WHERE code = '${code}'`)).toEqual([{ lookups }]),
      { timeout: 10_000 },
    );

  it('N1: five User-Agents from one network are one network, on the page and on the API', async () => {
    const code = 'HP26A1105C48B0002';
    for (let n = 1; n <= 5; n++) expect(await open(code, { address: ON_NETWORK(1, n), agent: PHONE(n) })).toBe(200);
    for (let n = 6; n <= 10; n++)
      await server.trace({ QrCode: code }, { 'user-agent': PHONE(n), 'x-forwarded-for': ON_NETWORK(1, n) });
    expect(await checksOf(code)).toMatchObject({ Lookups: 10, Networks: 1, Caution: false });
    await written(code, 10);
  });

  it('a family of four on one Wi-Fi is one network', async () => {
    const code = 'HP26A1105C48B0003';
    for (let n = 1; n <= 4; n++) await open(code, { address: ON_NETWORK(2, 10 + n), agent: PHONE(n) });
    expect(await checksOf(code)).toMatchObject({ Lookups: 4, Networks: 1, Caution: false });
  });

  it("N1: HEAD, another site's <img>, <iframe> or fetch, a prefetch and a prerender count nothing", async () => {
    const code = 'HP26A1105C48B0004';
    const fetches: PageRequest[] = [];
    for (let n = 0; n < 5; n++) {
      const address = ON_NETWORK(10 + n);
      fetches.push(
        { address, agent: PHONE(n), method: 'HEAD' },
        {
          address,
          agent: PHONE(n),
          headers: { 'sec-fetch-dest': 'image', 'sec-fetch-mode': 'no-cors', 'sec-fetch-site': 'cross-site' },
        },
        {
          address,
          agent: PHONE(n),
          headers: { 'sec-fetch-dest': 'iframe', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'cross-site' },
        },
        {
          address,
          agent: PHONE(n),
          headers: { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'cross-site' },
        },
        { address, agent: PHONE(n), headers: { ...NAVIGATE, 'sec-purpose': 'prefetch' } },
        { address, agent: PHONE(n), headers: { ...NAVIGATE, 'sec-purpose': 'prefetch;prerender' } },
        { address, agent: PHONE(n), headers: { purpose: 'prefetch' } },
        // Another site's script sending the visitor over without a tap.
        { address, agent: PHONE(n), headers: { ...NAVIGATE, 'sec-fetch-site': 'cross-site', 'sec-fetch-user': '' } },
      );
    }
    for (const request of fetches) expect(await open(code, request)).toBe(200);
    // Never counted: nothing to say.
    expect(await checksOf(code)).toBeUndefined();
  });

  it('N1: five chat previews of one link, and crawlers, count nothing', async () => {
    const code = 'HP26A1105C48B0005';
    const previews = [
      'Mozilla/5.0 (compatible; Zalo/1.0)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'TelegramBot (like TwitterBot)',
      'WhatsApp/2.23.20.0 A',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    ];
    for (const [n, agent] of previews.entries()) {
      await open(code, { address: ON_NETWORK(20 + n), agent, headers: {} });
      await server.trace({ QrCode: code }, { 'user-agent': agent, 'x-forwarded-for': ON_NETWORK(20 + n) });
    }
    expect(await checksOf(code)).toBeUndefined();
    // The one who taps the link in the chat is a shopper looking.
    await open(code, { address: ON_NETWORK(25), agent: PHONE(1) });
    expect(await checksOf(code)).toMatchObject({ Lookups: 1, Networks: 1 });
  });

  it("a tap on a recent lookup (the page's own links) is a re-check: never counted", async () => {
    const code = 'HP26A1105C48B0006';
    await open(code, { address: ON_NETWORK(30), agent: PHONE(1) });
    for (let n = 1; n <= 5; n++) {
      // Opened from the page (or in a new tab from it): the link's mark.
      await open(code, {
        address: ON_NETWORK(30 + n),
        agent: PHONE(n),
        query: '&again=1',
        headers: { ...NAVIGATE, 'sec-fetch-site': 'same-origin' },
      });
      // The page's own lookup after a tap on the link.
      await server.trace(
        { QrCode: code },
        { 'user-agent': PHONE(n), 'x-forwarded-for': ON_NETWORK(30 + n), 'x-lookup-purpose': 'recheck' },
      );
    }
    expect(await checksOf(code)).toMatchObject({ Lookups: 1, Networks: 1, Caution: false });
  });

  it('the re-check mark printed on a pack (a scan opens the page from outside) is a shopper looking', async () => {
    const code = 'HP26A1105C48B0010';
    for (let n = 1; n <= 5; n++) {
      await open(code, { address: ON_NETWORK(40 + n), agent: PHONE(n), query: '&again=1' });
    }
    expect(await checksOf(code)).toMatchObject({ Lookups: 5 });
  });

  it('cautions from the fifth distinct network on; a carton never', async () => {
    const code = 'HP26A1105C48B0007';
    // Five networks in five of the code's 256 buckets (two networks in one bucket count once: 4 % of codes
    // at five networks, server/checks/network.ts).
    for (const [n, network] of [41, 42, 44, 45].entries())
      await open(code, { address: ON_NETWORK(network), agent: PHONE(n + 1) });
    expect(await checksOf(code)).toMatchObject({ Lookups: 4, Networks: 4, Caution: false });
    const page = await rawRequest(`${server.url}/dt?qr=${code}`, {
      headers: { 'user-agent': PHONE(5), 'x-forwarded-for': ON_NETWORK(46), ...NAVIGATE },
    });
    expect(page.body).toContain('"Lookups":5,"Networks":5,"Caution":true');
    await written(code, 5);
    expect(await checksOf(code)).toMatchObject({ Networks: 5, Caution: true });

    const carton = 'TH26A1105C48B0001';
    for (let n = 1; n <= 6; n++) await open(carton, { address: ON_NETWORK(50 + n), agent: PHONE(n) });
    expect(await checksOf(carton)).toMatchObject({ Lookups: 6, Networks: 6, Caution: false });
    await written(carton, 6);
    expect(await checksOf(carton)).toMatchObject({ Networks: 6, Caution: false });
  });

  it('one phone on five days and two networks (home Wi-Fi, 4G) is two networks: no caution', async () => {
    const code = 'HP26A1105C48B0008';
    const start = clock.now;
    try {
      for (let day = 0; day < 5; day++) {
        clock.now = start + day * DAY;
        await open(code, { address: day % 2 === 0 ? ON_NETWORK(60) : ON_NETWORK(61, day), agent: PHONE(1) });
        await written(code, day + 1);
      }
      expect(await checksOf(code)).toMatchObject({ Lookups: 5, Networks: 2, Caution: false });
    } finally {
      clock.now = start;
    }
  });

  it('N7: unknown codes are recorded whatever a client declares, unless it holds a staff key; one network fills 2 % of the slots', async () => {
    const today = vietnamDay(clock.now);
    const unknown = (code: string, headers: Record<string, string>) =>
      server.trace({ QrCode: code }, { 'user-agent': PHONE(1), 'x-forwarded-for': ON_NETWORK(70), ...headers });
    expect((await unknown('ENUM0000000000001', { 'x-lookup-purpose': 'staff' })).status).toBe(204);
    expect((await unknown('ENUM0000000000002', { 'x-lookup-purpose': 'recheck' })).status).toBe(204);
    expect((await unknown('ENUM0000000000003', { 'user-agent': 'Googlebot/2.1' })).status).toBe(204);
    expect((await unknown('DESK0000000000001', { 'X-Key': STAFF_KEY })).status).toBe(204);
    // A flood of invented codes from one network: 20 of the day's 1,000 slots at most.
    for (let i = 0; i < 30; i++) await unknown(`JUNK${String(i).padStart(13, '0')}`, {});
    // A counterfeit's code looked up from another network is still recorded.
    await server.trace({ QrCode: 'FAKE0000000000001' }, { 'user-agent': PHONE(2), 'x-forwarded-for': ON_NETWORK(71) });
    await vi.waitFor(
      async () =>
        expect(await database.rows(`SELECT code FROM check_unknown WHERE code = 'FAKE0000000000001'`)).toHaveLength(1),
      { timeout: 10_000 },
    );
    const rows = await database.rows(`SELECT code, lookups FROM check_unknown WHERE day = '${today}' ORDER BY code`);
    expect(rows.filter(({ code }) => String(code).startsWith('ENUM'))).toEqual([
      { code: 'ENUM0000000000001', lookups: 0 },
      { code: 'ENUM0000000000002', lookups: 0 },
      { code: 'ENUM0000000000003', lookups: 0 },
    ]);
    expect(rows.filter(({ code }) => String(code).startsWith('DESK'))).toEqual([]);
    // The network's 20: its three ENUM codes and 17 of the junk.
    expect(rows.filter(({ code }) => String(code).startsWith('JUNK'))).toHaveLength(17);
    expect(rows.find(({ code }) => code === 'FAKE0000000000001')).toEqual({ code: 'FAKE0000000000001', lookups: 1 });
  });

  it('the caution goes by itself once its networks are older than the window', async () => {
    const code = 'HP26A1105C48B0009';
    const start = clock.now;
    try {
      for (let n = 1; n <= 5; n++) await open(code, { address: ON_NETWORK(80 + n), agent: PHONE(n) });
      await written(code, 5);
      expect(await checksOf(code)).toMatchObject({ Networks: 5, Caution: true });
      clock.now = start + 29 * DAY;
      expect(await checksOf(code)).toMatchObject({ Networks: 5, Caution: true });
      clock.now = start + 30 * DAY;
      expect(await checksOf(code)).toMatchObject({ Lookups: 5, Networks: 0, Caution: false });
      // A shopper then: one network in the window.
      await open(code, { address: ON_NETWORK(81), agent: PHONE(1) });
      expect(await checksOf(code)).toMatchObject({ Lookups: 6, Networks: 1, Caution: false });
      await written(code, 6);
    } finally {
      clock.now = start;
    }
  });
});

interface PageRequest {
  address: string;
  agent: string;
  headers?: Record<string, string>;
  method?: string;
  query?: string;
}
