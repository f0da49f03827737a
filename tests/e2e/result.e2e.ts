import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { BLANK_FIELDS_CODE, TRACE_PATH, UNIT_CODE, UNKNOWN_CODE, e2eSuite } from './support/e2eSuite';
import { lookupPage } from './support/lookupPage';
import { PHONE_VI, PROFILES } from './support/profiles';
import { fill, type Language, type Texts } from './support/texts';
import { REPO_ROOT } from '../support/childProcess';

// Rows of traceData.json for the expiry states (loaded through the import command).
const EXPIRED_CODE = 'EX24B0105Q90X00001'; // expired 05/07/2025
const FAR_VALID_CODE = 'LV26A0101X99X00001'; // good until 31/12/2099
const SOON_CODE = 'SE27A0101X30X00001'; // good until 01/03/2027

const SHOTS = join(REPO_ROOT, 'test-results/screenshots');
const suite = e2eSuite();

interface State {
  name: string;
  path: string;
  /** The browser's clock, fixed once the page has loaded, for states that depend on today's date. */
  clock?: string;
  /** Brings the page to the state, waiting for what the shopper sees; returns the block to check. */
  reach: (page: Page, t: Texts, language: Language) => Promise<void>;
}

const summary = (page: Page, name: string) => page.getByRole('region', { name });

/** Types a code and searches, so the page's own clock dates the answer (a deep link is dated by the server). */
async function typeAndSearch(page: Page, t: Texts, code: string) {
  const ui = lookupPage(page, t);
  await ui.input.fill(code);
  await ui.input.press('Enter');
}

const STATES: State[] = [
  {
    name: 'valid',
    path: `/dt?qr=${FAR_VALID_CODE}`,
    reach: async (page, t) => {
      const box = summary(page, 'Sữa bột Đồng Xanh Gold 900g');
      await box.getByText(new RegExp(fill(t.expiry.valid_other, { count: '__' }).replace('__', '\\d+'))).waitFor();
      await box.getByText(fill(t.summary.statusLine, { brand: 'Sữa Đồng Xanh' })).waitFor();
    },
  },
  {
    name: 'expired',
    path: `/dt?qr=${EXPIRED_CODE}`,
    reach: async (page, t, language) => {
      const box = summary(page, 'Sữa bột trẻ em Đồng Xanh Grow 400g');
      await box.getByText(fill(t.expiry.expired, { date: language === 'vi' ? '05/07/2025' : '5 Jul 2025' })).waitFor();
      await box.getByText(t.expiry.expiredAdvice).waitFor();
    },
  },
  {
    name: 'unknown-expiry',
    path: `/dt?qr=${BLANK_FIELDS_CODE}`,
    reach: async (page, t) => {
      const box = summary(page, t.summary.nameMissing);
      await box.getByText(t.expiry.unknown).waitFor();
    },
  },
  {
    name: 'expiring-today',
    path: '/',
    clock: '2027-03-01T21:00:00+07:00',
    reach: async (page, t) => {
      await typeAndSearch(page, t, SOON_CODE);
      await summary(page, 'Sữa tươi tiệt trùng ít đường 180ml').getByText(t.expiry.today).waitFor();
    },
  },
  {
    name: 'expiring-soon',
    path: '/',
    clock: '2027-02-20T08:00:00+07:00',
    reach: async (page, t) => {
      await typeAndSearch(page, t, SOON_CODE);
      await summary(page, 'Sữa tươi tiệt trùng ít đường 180ml').getByText(fill(t.expiry.soon_other, { count: 9 })).waitFor();
    },
  },
  {
    name: 'not-found',
    path: `/dt?qr=${UNKNOWN_CODE}`,
    reach: async (page, t) => {
      const alert = lookupPage(page, t).alert(t.errors.noProducts);
      await alert.getByText(t.help.checkCode).waitFor();
      await alert.getByRole('button', { name: t.help.tryCamera }).waitFor();
    },
  },
];

describe.each(PROFILES)('the result at a glance ($name)', ({ language, context }) => {
  it.each(STATES)('$name: shown, clean after hydration, axe-clean', async ({ name, path, clock, reach }) => {
    const { page, t, problems } = await suite.open(language, { ...context, bypassCSP: true }, path);
    if (clock) await page.clock.setFixedTime(clock);
    await reach(page, t, language);
    expect(problems).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    if (context === PHONE_VI.context) await page.screenshot({ path: join(SHOTS, `result-${name}.png`), fullPage: true });
    else await page.screenshot({ path: join(SHOTS, `result-${name}-desktop-${language}.png`), fullPage: true });
  });

  it('counts by the day in Vietnam on a phone set to another time zone', async () => {
    const { page, t } = await suite.open(language, { ...context, timezoneId: 'America/Los_Angeles' });
    // 1 March, 08:00 in Los Angeles is 1 March, 23:00 in Vietnam: the last day.
    await page.clock.setFixedTime('2027-03-01T08:00:00-08:00');
    await typeAndSearch(page, t, SOON_CODE);
    await page.getByText(t.expiry.today).waitFor();
    // Two hours later it is still 1 March in Los Angeles, but 2 March in Vietnam: expired.
    await page.clock.setFixedTime('2027-03-01T10:00:00-08:00');
    await typeAndSearch(page, t, ` ${SOON_CODE}`);
    await page.getByText(fill(t.expiry.expired, { date: language === 'vi' ? '01/03/2027' : '1 Mar 2027' })).waitFor();
  });

  it('a system error keeps its text and retries', async () => {
    const { page, t, traceCalls, problems } = await suite.open(language, { ...context, bypassCSP: true });
    let failed = false;
    await page.route(`**${TRACE_PATH}`, async (route) => {
      if (failed) return route.continue();
      failed = true;
      await route.abort('connectionrefused');
    });
    await typeAndSearch(page, t, UNIT_CODE);
    const alert = lookupPage(page, t).alert(t.errors.systemError);
    await alert.getByText(t.help.retryHint).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    if (context === PHONE_VI.context) await page.screenshot({ path: join(SHOTS, 'result-system-error.png'), fullPage: true });
    await alert.getByRole('button', { name: t.help.retry }).click();
    await lookupPage(page, t).resultTable.waitFor();
    expect(traceCalls).toHaveLength(2);
    expect(problems.filter((problem) => !problem.includes('ERR_CONNECTION_REFUSED'))).toEqual([]);
  });
});

// The reference service does not store the contract's optional fields yet: a stand-in adds them to its
// real answer on the way to the page, so the page's side of them runs in Chromium.
const CAN_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect x="24" y="10" width="48" height="76" rx="8" fill="#0b5cad"/><rect x="24" y="34" width="48" height="26" fill="#fff"/><text x="48" y="52" font-size="11" text-anchor="middle" fill="#0b5cad" font-family="sans-serif">GOLD</text></svg>`;

async function withExtras(page: Page, extras: Record<string, unknown>) {
  await page.route('**/products/*.svg', (route) => route.fulfill({ contentType: 'image/svg+xml', body: CAN_SVG }));
  await page.route(`**${TRACE_PATH}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { Data: { Products: object[]; Box: object[] } };
    const item = body.Data.Box[0] ?? body.Data.Products[0];
    Object.assign(item, extras);
    await route.fulfill({ response, json: body });
  });
}

const UNIT_CODES = Array.from({ length: 14 }, (_, i) => `HP26A1105C48B${String(i + 1).padStart(4, '0')}`);

const EXTRA_STATES: { name: string; code: string; extras: Record<string, unknown>; reach: (page: Page, t: Texts) => Promise<void> }[] = [
  {
    name: 'recalled',
    code: UNIT_CODE,
    extras: { LotStatus: 'recalled', RecallReason: 'Phát hiện nắp lon có thể không kín' },
    reach: (page, t) => page.getByRole('region', { name: `${t.labels.status}: ${t.recall.title}` }).waitFor(),
  },
  {
    name: 'photo',
    code: UNIT_CODE,
    extras: { ImageUrl: '/products/sb900g.svg' },
    reach: async (page) => {
      const photo = page.getByRole('img', { name: /Sữa bột Đồng Xanh Gold 900g/ });
      await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      expect(await photo.boundingBox()).toMatchObject({ width: 96, height: 96 });
    },
  },
  {
    name: 'unit-in-carton',
    code: UNIT_CODE,
    extras: { CartonCode: 'TH26A1105C48B0001', CartonTotalPacket: 48 },
    reach: async (page, t) => {
      await page.getByRole('link', { name: fill(t.summary.inCarton_other, { carton: 'TH26A1105C48B0001', count: 48 }) }).waitFor();
    },
  },
  {
    name: 'carton-units',
    code: 'TH26A1105C48B0001',
    extras: { UnitCodes: UNIT_CODES },
    reach: async (page, t) => {
      const list = page.getByRole('region', { name: t.labels.canList });
      await list.getByRole('button', { name: fill(t.summary.showAllUnits, { count: 14 }) }).waitFor();
      expect(await list.getByRole('link').count()).toBe(10);
    },
  },
];

describe.each(PROFILES)("the contract's optional fields, from a stand-in ($name)", ({ language, context }) => {
  it.each(EXTRA_STATES)('$name', async ({ name, code, extras, reach }) => {
    const { page, t, problems } = await suite.open(language, { ...context, bypassCSP: true });
    await withExtras(page, extras);
    await typeAndSearch(page, t, code);
    await reach(page, t);
    expect(problems).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    const suffix = context === PHONE_VI.context ? '' : `-desktop-${language}`;
    await page.screenshot({ path: join(SHOTS, `result-${name}${suffix}.png`), fullPage: true });
  });
});
