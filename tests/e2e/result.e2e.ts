import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/browser/axe';
import { BLANK_FIELDS_CODE, TRACE_PATH, UNIT_CODE, UNKNOWN_CODE, e2eSuite } from '../support/browser/e2eSuite';
import { lookupPage } from '../support/browser/lookupPage';
import { PHONE_VI, PROFILES } from '../support/browser/profiles';
import { fill, type Language, type Texts } from '../support/browser/texts';
import { REPO_ROOT } from '../support/system/childProcess';

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
/** The result's one verdict block, named by what it says (the expiry, a recall, the caution). */
const verdict = (page: Page, name: string | RegExp) => page.getByRole('region', { name });

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
      await verdict(page, new RegExp(fill(t.expiry.valid_other, { count: '__' }).replace('__', '\\d+'))).waitFor();
      await box.getByText(fill(t.summary.statusLine, { brand: 'Sữa Đồng Xanh' })).waitFor();
    },
  },
  {
    name: 'expired',
    path: `/dt?qr=${EXPIRED_CODE}`,
    reach: async (page, t, language) => {
      const expired = fill(t.expiry.expired, { date: language === 'vi' ? '05/07/2025' : '5 Jul 2025' });
      await verdict(page, expired).getByText(t.expiry.expiredAdvice).waitFor();
      await summary(page, 'Sữa bột trẻ em Đồng Xanh Grow 400g').waitFor();
    },
  },
  {
    name: 'unknown-expiry',
    path: `/dt?qr=${BLANK_FIELDS_CODE}`,
    reach: async (page, t) => {
      await summary(page, t.summary.nameMissing).waitFor();
      await verdict(page, t.expiry.unknown).waitFor();
    },
  },
  {
    name: 'expiring-today',
    path: '/',
    clock: '2027-03-01T21:00:00+07:00',
    reach: async (page, t) => {
      await typeAndSearch(page, t, SOON_CODE);
      await verdict(page, t.expiry.today).waitFor();
    },
  },
  {
    name: 'expiring-soon',
    path: '/',
    clock: '2027-02-20T08:00:00+07:00',
    reach: async (page, t) => {
      await typeAndSearch(page, t, SOON_CODE);
      await verdict(page, fill(t.expiry.soon_other, { count: 9 })).waitFor();
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
    if (context === PHONE_VI.context)
      await page.screenshot({ path: join(SHOTS, `result-${name}.png`), fullPage: true });
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
    if (context === PHONE_VI.context)
      await page.screenshot({ path: join(SHOTS, 'result-system-error.png'), fullPage: true });
    await alert.getByRole('button', { name: t.help.retry }).click();
    await lookupPage(page, t).resultTable.waitFor();
    expect(traceCalls).toHaveLength(2);
    expect(problems.filter((problem) => !problem.includes('ERR_CONNECTION_REFUSED'))).toEqual([]);
  });
});

const CARTON = 'TH26A1105C48B0001';
const UNIT_IN_CARTON_CODE = 'HP26A1105C48B0003';
const RECALLED_CODE = 'RC26A0815R85X00031';

// Rows of traceData.json that carry the contract's optional fields, loaded through the import command.
const EXTRA_STATES: { name: string; code: string; reach: (page: Page, t: Texts) => Promise<void> }[] = [
  {
    name: 'recalled',
    code: RECALLED_CODE,
    reach: async (page, t) => {
      const banner = verdict(page, t.recall.title);
      await banner.getByText('Phát hiện nắp chai có thể không kín').waitFor();
    },
  },
  {
    name: 'photo',
    code: UNIT_CODE,
    reach: async (page) => {
      const photo = page.getByRole('img', { name: /Sữa bột Đồng Xanh Gold 900g/ });
      // The picture the import stored, served by the service: loaded, at its fixed size.
      await expect
        .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
        .toBe(true);
      expect(await photo.getAttribute('src')).toMatch(/^\/qrinfo-svc\/api\/images\/[0-9a-f]{32}\.svg$/);
      expect(await photo.boundingBox()).toMatchObject({ width: 96, height: 96 });
    },
  },
  {
    name: 'no-photo',
    code: EXPIRED_CODE,
    reach: async (page) => {
      await summary(page, 'Sữa bột trẻ em Đồng Xanh Grow 400g').waitFor();
      expect(await page.getByRole('img', { name: /Sữa bột trẻ em/ }).count()).toBe(0);
    },
  },
  {
    name: 'unit-in-carton',
    code: UNIT_IN_CARTON_CODE,
    reach: async (page, t) => {
      await page.getByRole('link', { name: fill(t.summary.inCarton_other, { carton: CARTON, count: 48 }) }).waitFor();
    },
  },
  {
    name: 'carton-units',
    code: CARTON,
    reach: async (page, t) => {
      const list = page.getByRole('region', { name: t.labels.canList });
      const showAll = list.getByRole('button', { name: fill(t.summary.showAllUnits_other, { count: 14 }) });
      await showAll.waitFor();
      expect(await list.getByRole('link').count()).toBe(10);
      await showAll.click();
      await expect.poll(() => list.getByRole('link').count()).toBe(14);
      await list.getByRole('link', { name: 'HP26A1105C48B0014' }).waitFor();
    },
  },
];

describe.each(PROFILES)(
  "the contract's optional fields, from the reference service ($name)",
  ({ language, context }) => {
    it.each(EXTRA_STATES)('$name', async ({ name, code, reach }) => {
      const { page, t, problems } = await suite.open(language, { ...context, bypassCSP: true });
      await typeAndSearch(page, t, code);
      await reach(page, t);
      expect(problems).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      const suffix = context === PHONE_VI.context ? '' : `-desktop-${language}`;
      // From the top: the fixed app bar would otherwise sit across the middle of a full-page shot.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(SHOTS, `result-${name}${suffix}.png`), fullPage: true });
    });

    it("looks a unit's carton up from its link, and a carton's unit from the list", async () => {
      const { page, t, problems } = await suite.open(language, context);
      await typeAndSearch(page, t, UNIT_IN_CARTON_CODE);
      await page.getByRole('link', { name: fill(t.summary.inCarton_other, { carton: CARTON, count: 48 }) }).click();
      await page.waitForURL(`**/dt?qr=${CARTON}&again=1`);
      const list = page.getByRole('region', { name: t.labels.canList });
      await list.getByRole('link', { name: 'HP26A1105C48B0007' }).click();
      await page.waitForURL('**/dt?qr=HP26A1105C48B0007&again=1');
      await page.getByRole('link', { name: fill(t.summary.inCarton_other, { carton: CARTON, count: 48 }) }).waitFor();
      expect(await lookupPage(page, t).input.inputValue()).toBe('HP26A1105C48B0007');
      expect(problems).toEqual([]);
    });
  },
);

/** A carton past the page's inline bound (UNITS_INLINE_MAX, 500): 600 units, loaded through the import command. */
const BIG_CARTON = 'TH26A1105C60B0001';
const BIG_UNITS = Array.from({ length: 600 }, (_, i) => `HP26A1105C60U${String(i + 1).padStart(4, '0')}`);

async function importBigCarton(): Promise<void> {
  const row = (code: string, unit: string, parentCode: string, totalPacket: number | '') => ({
    code,
    productCode: 'ST180ID',
    productName: 'Sữa tươi tiệt trùng ít đường 180ml',
    productUnit: unit,
    weight: '',
    weightType: '',
    lotCode: 'L2026-1105',
    productDate: '2026-11-05',
    expireDate: '2027-05-05',
    parentCode,
    totalPacket,
    lotStatus: '',
    recallReason: '',
    productImage: '',
  });
  const dir = await mkdtemp(join(tmpdir(), 'big-carton-'));
  const file = join(dir, 'bigCarton.json');
  await writeFile(
    file,
    JSON.stringify([row(BIG_CARTON, 'thùng', '', 600), ...BIG_UNITS.map((code) => row(code, 'hộp', BIG_CARTON, ''))]),
  );
  try {
    await suite.importFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("a big carton's page (issue 37: its unlisted codes are no part of the page)", () => {
  it('sends the listed codes and their number only; "Show all" looks the rest up, uncounted, and shows them all', async () => {
    await importBigCarton();
    const html = await (await fetch(`${suite.url}/dt?qr=${BIG_CARTON}`)).text();
    // The first ten are listed; the 11th and the last are neither in the HTML nor in the page's state.
    expect(html).toContain(BIG_UNITS[9]);
    expect(html).not.toContain(BIG_UNITS[10]);
    expect(html).not.toContain(BIG_UNITS[599]);

    const { page, t, problems, traceCalls } = await suite.open('vi', PHONE_VI.context, `/dt?qr=${BIG_CARTON}`);
    const list = page.getByRole('region', { name: t.labels.canList });
    expect(await list.getByRole('link').count()).toBe(10);
    await list.getByRole('button', { name: fill(t.summary.showAllUnits_other, { count: 600 }) }).click();
    await expect.poll(() => list.getByRole('link').count()).toBe(600);
    await list.getByRole('link', { name: BIG_UNITS[599] }).waitFor();
    // The focus goes on to the first code revealed, as for a carton whose codes the page holds.
    await expect
      .poll(() =>
        list
          .getByRole('link')
          .nth(10)
          .evaluate((link) => link === document.activeElement),
      )
      .toBe(true);
    // The whole list came from the page's own lookup of the carton, marked a re-check (not counted).
    const recheck = traceCalls.filter((call) => call.headers()['x-lookup-purpose'] === 'recheck');
    expect(recheck.map((call) => (call.postDataJSON() as { QrCode: string }).QrCode)).toEqual([BIG_CARTON]);
    expect(problems).toEqual([]);
  });
});
