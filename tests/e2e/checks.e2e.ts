import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '../../src/i18n/formatDay';
import { vietnamDayOf } from '../../src/contract/vietnamDay';
import { axeViolations } from '../support/browser/axe';
import { CARTON_CODE, TRACE_DATA, e2eSuite } from '../support/browser/e2eSuite';
import { DESKTOP_EN, PHONE_VI, type Profile } from '../support/browser/profiles';
import { fill, type Texts } from '../support/browser/texts';
import { REPO_ROOT } from '../support/system/childProcess';

// Issue 26: what the service counts of a code's lookups, as shoppers read it, and the recall watch.
const SHOTS = join(REPO_ROOT, 'test-results/screenshots');
const CAUTION_DEVICES = 3;
// Issue 36: the caution counts networks; each test browser says its network through one trusted proxy hop.
const suite = e2eSuite({ env: { CHECKS_CAUTION_NETWORKS: String(CAUTION_DEVICES), TRUST_PROXY: '1' } });
let network = 0;

const FAR_VALID_CODE = 'LV26A0101X99X00001';
const SOON_CODE = 'SE27A0101X30X00001';

/**
 * One shopper's phone or computer. The service tells devices apart only by a salted hash of address and
 * user agent; every test browser comes from 127.0.0.1, so the user agent makes the device.
 */
function device(profile: Profile, name: string): BrowserContextOptions {
  // Axe is injected as a script: the page's CSP would refuse it.
  return {
    ...profile.context,
    bypassCSP: true,
    userAgent: `Mozilla/5.0 (Linux; Android 15; ${name}) Chrome/142.0 Mobile Safari/537.36`,
    extraHTTPHeaders: { 'x-forwarded-for': `198.51.${++network}.20` },
  };
}

const today = (language: string) => formatDay(vietnamDayOf(new Date()), language);

function sinceText(t: Texts, lookups: number, language: string): string {
  return fill(lookups === 1 ? t.checks.since_one : t.checks.since_other, { count: lookups, date: today(language) });
}

/** The line under the status line (the table's row says the same). */
const checksLine = (page: Page, text: string) => page.getByText(text, { exact: true }).and(page.locator('p'));

const caution = (page: Page, t: Texts) => page.getByRole('region', { name: t.checks.cautionTitle });

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

describe.each([
  { profile: PHONE_VI, code: FAR_VALID_CODE },
  { profile: DESKTOP_EN, code: CARTON_CODE },
])('a code looked up on one device after another ($profile.name)', ({ profile, code }) => {
  it(`says first check, then how many devices since when, and cautions from ${CAUTION_DEVICES} devices on`, async () => {
    const { language } = profile;
    const first = await suite.open(language, device(profile, `${language} phone 1`), `/dt?qr=${code}`);
    const { t } = first;
    await checksLine(first.page, fill(t.checks.once, { date: today(language) })).waitFor();
    // The same device again (a reload, a shopper checking twice): not a lookup of its own, no caution.
    await first.page.reload();
    await checksLine(first.page, fill(t.checks.once, { date: today(language) })).waitFor();
    expect(await caution(first.page, t).count()).toBe(0);

    const second = await suite.open(language, device(profile, `${language} phone 2`), `/dt?qr=${code}`);
    await checksLine(second.page, sinceText(t, 2, language)).waitFor();
    expect(await caution(second.page, t).count()).toBe(0);

    const third = await suite.open(language, device(profile, `${language} phone 3`), `/dt?qr=${code}`);
    await checksLine(third.page, sinceText(t, CAUTION_DEVICES, language)).waitFor();
    // Never on a carton: shops and distributors scan those.
    if (code === CARTON_CODE) expect(await caution(third.page, t).count()).toBe(0);
    else await caution(third.page, t).waitFor();
    await expectNoAxeViolations(third.page);
    await third.page.screenshot({ path: join(SHOTS, `checks-caution-${language}.png`), fullPage: true });
    expect([...first.problems, ...second.problems, ...third.problems]).toEqual([]);
  });
});

describe('recall watch', () => {
  let dir: string;
  let recallFile: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'recall-'));
    const rows = JSON.parse(await readFile(TRACE_DATA, 'utf8')) as { code: string; [field: string]: unknown }[];
    const row = rows.find((entry) => entry.code === SOON_CODE);
    if (!row) throw new Error(`${SOON_CODE} is not in ${TRACE_DATA}`);
    recallFile = join(dir, 'recall.json');
    await writeFile(
      recallFile,
      JSON.stringify([{ ...row, lotStatus: 'recalled', recallReason: 'Bao bì có thể bị hở' }]),
    );
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('re-checks the codes kept on the phone when the page opens and shows a lot recalled since, with a link to its result', async () => {
    const { page, t, traceCalls, problems } = await suite.open(
      'vi',
      device(PHONE_VI, 'recall phone'),
      `/dt?qr=${SOON_CODE}`,
    );
    await checksLine(page, fill(t.checks.once, { date: today('vi') })).waitFor();
    expect(await page.getByRole('heading', { name: t.recall.title }).count()).toBe(0);

    await suite.importFile(recallFile);
    await page.goto(`${suite.url}/`);
    const banner = page.getByRole('alert', { name: fill(t.recallWatch.title_one, { count: 1 }) });
    await banner.waitFor();
    const recheck = traceCalls.find((call) => call.headers()['x-lookup-purpose'] === 'recheck');
    expect(recheck?.postDataJSON()).toEqual({ QrCode: SOON_CODE });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: join(SHOTS, 'recall-watch-banner.png'), fullPage: true });

    await banner.getByRole('link', { name: new RegExp(SOON_CODE) }).click();
    await page.getByText(t.recall.title).waitFor();
    expect(new URL(page.url()).search).toBe(`?qr=${SOON_CODE}&again=1`);
    expect(problems).toEqual([]);
  });
});
