import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/browser/axe';
import { holdBundle } from '../support/browser/holdBundle';
import { BLANK_FIELDS_CODE, CARTON_CODE, UNIT_CODE, e2eSuite } from '../support/browser/e2eSuite';
import { DESKTOP_EN, PHONE_VI } from '../support/browser/profiles';
import { TEXTS, fill, type Language } from '../support/browser/texts';
import { REPO_ROOT } from '../support/system/childProcess';

const SHOTS = join(REPO_ROOT, 'test-results/screenshots');
const suite = e2eSuite();
let workDir = '';
const opened: BrowserContext[] = [];
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'support-e2e-'));
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

const CHAT_MESSAGE = `Chào shop, em mua 3 sản phẩm: mã ${UNIT_CODE}, thùng ${CARTON_CODE.slice(0, 4)} ${CARTON_CODE.slice(4, 9)}-${CARTON_CODE.slice(9)} và https://trace.example.vn/dt?qr=${BLANK_FIELDS_CODE} ạ. Em cảm ơn!`;

/** Opens /support and waits for the page's script to run (its photo button turns on), as staff usually find it. */
async function openSupport(language: Language, context: BrowserContextOptions) {
  const browserContext = await suite.browser.newContext({ ...context, bypassCSP: true });
  opened.push(browserContext);
  const page = await browserContext.newPage();
  await page.goto(`${suite.url}/support?lng=${language}`);
  const t = TEXTS[language].support;
  await page.getByRole('button', { name: t.addPhotos, disabled: false }).waitFor();
  return { page, t };
}

async function check(page: Page, t: (typeof TEXTS)['vi']['support'], message: string, count: number) {
  await page.getByRole('textbox', { name: t.inputLabel }).fill(message);
  await page.getByRole('button', { name: t.check }).click();
  const finished = page.getByText(fill(count === 1 ? t.finished_one : t.finished_other, { count }));
  await finished.waitFor().catch(async (error: Error) => {
    throw new Error(`${error.message}\n${await page.evaluate(() => document.body.innerText)}`);
  });
}

/** A photo of several trace QR codes side by side, as a customer photographs a few cans. */
async function photoOfCodes(name: string, texts: string[]): Promise<string> {
  const tiles = await Promise.all(texts.map((text) => QRCode.toBuffer(text, { scale: 8, margin: 4 })));
  const sizes = await Promise.all(tiles.map(async (tile) => (await sharp(tile).metadata()).width ?? 0));
  const side = Math.max(...sizes);
  const file = join(workDir, name);
  await sharp({
    create: {
      width: side * texts.length + 40 * (texts.length + 1),
      height: side + 80,
      channels: 3,
      background: '#ffffff',
    },
  })
    .composite(tiles.map((input, index) => ({ input, left: 40 + index * (side + 40), top: 40 })))
    .png()
    .toFile(file);
  return file;
}

const tableRow = (page: Page, code: string) => page.getByRole('table').getByRole('row', { name: new RegExp(code) });

/** The result for `code` saying `outcome` where the page shows it: the table on a laptop, the list on a phone. */
const resultOf = (page: Page, code: string, outcome: string) =>
  page
    .getByRole('row')
    .or(page.getByRole('listitem'))
    .filter({ hasText: code })
    .filter({ hasText: outcome })
    .filter({ visible: true })
    .first();

describe('support page in Chromium, against the real service', () => {
  it('finds the 3 codes of a pasted chat message and shows them in a table that fits a laptop', async () => {
    const { page, t } = await openSupport('vi', { viewport: { width: 1280, height: 800 }, locale: 'vi-VN' });
    await check(page, t, CHAT_MESSAGE, 3);
    await expect(tableRow(page, UNIT_CODE).getByText(t.outcome.found).isVisible()).resolves.toBe(true);
    await expect(tableRow(page, CARTON_CODE).getByText('Sữa tươi tiệt trùng ít đường 180ml').isVisible()).resolves.toBe(
      true,
    );
    await expect(tableRow(page, BLANK_FIELDS_CODE).getByText(TEXTS.vi.expiry.unknown).isVisible()).resolves.toBe(true);
    await expect(tableRow(page, UNIT_CODE).getByRole('link', { name: UNIT_CODE }).getAttribute('href')).resolves.toBe(
      `/dt?qr=${UNIT_CODE}`,
    );
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        `width ${width}`,
      ).toBeLessThanOrEqual(0);
    }
    await page.screenshot({ path: join(SHOTS, 'support-laptop-table.png'), fullPage: true, animations: 'disabled' });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('reads every code of a photo with several codes', async () => {
    const { page, t } = await openSupport('vi', PHONE_VI.context);
    const photo = await photoOfCodes('three-cans.png', [
      `https://trace.example.vn/dt?qr=${UNIT_CODE}`,
      CARTON_CODE,
      BLANK_FIELDS_CODE,
    ]);
    await page.locator('input[type=file]').setInputFiles(photo);
    await page.getByText(fill(t.photoCodes_other, { name: 'three-cans.png', count: 3 })).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: t.check }).click();
    await page.getByText(fill(t.finished_other, { count: 3 })).waitFor();
    // On a phone the table becomes a list of cards.
    expect(await page.getByRole('table').isVisible()).toBe(false);
    const cards = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: CARTON_CODE }) });
    await expect(cards.first().getByText(t.outcome.found).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: join(SHOTS, 'support-phone-photo.png'), fullPage: true, animations: 'disabled' });
    expect(await axeViolations(page)).toEqual([]);
  });

  it("keeps a chat message pasted before the page's script ran, and the caret, then checks both its codes", async () => {
    const browserContext = await suite.browser.newContext({
      ...PHONE_VI.context,
      bypassCSP: true,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    opened.push(browserContext);
    const page = await browserContext.newPage();
    const t = TEXTS.vi.support;
    const field = page.getByRole('textbox', { name: t.inputLabel });
    const message = `Chào shop, em gửi 2 mã:\n${UNIT_CODE}\n${CARTON_CODE}`;
    // Staff open the desk with the customer's message already copied, and paste it as soon as the box shows.
    const bundle = await holdBundle(page);
    await page.goto(`${suite.url}/support?lng=vi`, { waitUntil: 'commit' });
    await field.click();
    await page.evaluate((text) => navigator.clipboard.writeText(text), message);
    await page.keyboard.press('ControlOrMeta+V');
    expect(await field.inputValue()).toBe(message);
    // The caret goes back to the end of the first line, where staff add a word before the script runs.
    const firstLine = message.indexOf('\n');
    await field.evaluate((box: HTMLTextAreaElement, at) => box.setSelectionRange(at, at), firstLine);
    await bundle.release();
    await page.getByRole('button', { name: t.addPhotos, disabled: false }).waitFor();
    await page.keyboard.type(' ạ');
    const expected = `${message.slice(0, firstLine)} ạ${message.slice(firstLine)}`;
    expect(await field.inputValue()).toBe(expected);
    await page.getByRole('button', { name: t.check, disabled: false }).click();
    await page.getByText(fill(t.finished_other, { count: 2 })).waitFor();
    await resultOf(page, UNIT_CODE, t.outcome.found).waitFor();
    await resultOf(page, CARTON_CODE, t.outcome.found).waitFor();
  });

  it('offers a code one typo away, and copies the reply in both languages', async () => {
    const { page, t } = await openSupport('vi', {
      ...PHONE_VI.context,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const typo = `${UNIT_CODE.slice(0, -1)}O`;
    await check(page, t, `mã ${typo} ạ`, 1);
    const suggestion = page.getByRole('button', { name: fill(t.suggest.use, { code: UNIT_CODE }) });
    await suggestion.waitFor();
    await page.getByRole('button', { name: t.reply.copyAll, disabled: false }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'support-phone-typo.png'), fullPage: true, animations: 'disabled' });
    await suggestion.click();
    // The table and the phone's list hold the same rows; only the list shows on a phone.
    await page
      .getByText(fill(t.correctedFrom.replace(/<\/?code>/g, ''), { code: typo }))
      .filter({ visible: true })
      .waitFor();

    const copyAll = page.getByRole('button', { name: t.reply.copyAll });
    await copyAll.click();
    await page.getByText(t.reply.copied).waitFor();
    const vietnamese = await page.evaluate(() => navigator.clipboard.readText());
    expect(vietnamese).toContain(`Mã ${UNIT_CODE}: Sữa bột Đồng Xanh Gold 900g (lon).`);
    expect(vietnamese).toContain(`${suite.url}/dt?qr=${UNIT_CODE}`);

    await page.getByRole('button', { name: 'English', exact: true }).click();
    await page.getByRole('button', { name: fill(t.reply.copyFor, { code: UNIT_CODE }) }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toContain(`Code ${UNIT_CODE}: Sữa bột Đồng Xanh Gold 900g (can).`);
    await page.screenshot({ path: join(SHOTS, 'support-phone-copied.png'), fullPage: true, animations: 'disabled' });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('exports the table as CSV with a BOM, in the page language', async () => {
    const { page } = await openSupport('en', DESKTOP_EN.context);
    const t = TEXTS.en.support;
    await check(page, t, `${UNIT_CODE}\n${CARTON_CODE}`, 2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t.exportCsv }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^code-check-\d{8}-\d{4}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain(`"${UNIT_CODE}","${suite.url}/dt?qr=${UNIT_CODE}","Sữa bột Đồng Xanh Gold 900g","Can"`);
    expect(csv.split('\r\n')).toHaveLength(4);
  });

  it('remembers the last codes on this device until cleared', async () => {
    const { page, t } = await openSupport('vi', PHONE_VI.context);
    await check(page, t, UNIT_CODE, 1);
    await page.reload();
    const recent = page.getByRole('region', { name: t.recent.title });
    await recent.getByRole('link', { name: UNIT_CODE }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'support-phone-recent.png'), fullPage: true, animations: 'disabled' });
    await recent.getByRole('button', { name: t.recent.clear }).click();
    await recent.waitFor({ state: 'detached' });
  });
});
