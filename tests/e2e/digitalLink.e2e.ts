import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/browser/axe';
import { TRACE_DATA, UNIT_CODE, e2eSuite } from '../support/browser/e2eSuite';
import { TEXTS, fill, type Language } from '../support/browser/texts';
import { REPO_ROOT } from '../support/system/childProcess';

// Issue 39, point 7 (the page's part): the page at a GS1 Digital Link's address, rendered by the real service and
// hydrated in Chromium, the pack-against-record warning, and the support desk showing it.
const SHOTS = join(REPO_ROOT, 'test-results/screenshots');
const suite = e2eSuite();

/** A can of its own product with a GTIN (check digit 2: the example, …0001, fails it). */
const GTIN = '08930000000002';
const CODE = 'DL26A0101X00X0001';
const LOT = 'L2026-DL01';
const unitLink = (lot: string, expiry = '280612') => `/01/${GTIN}/10/${lot}/21/${CODE}?17=${expiry}`;

let dir: string | undefined;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'digital-link-'));
  const rows = JSON.parse(await readFile(TRACE_DATA, 'utf8')) as { code: string; [field: string]: unknown }[];
  const can = rows.find((row) => row.code === UNIT_CODE)!;
  const file = join(dir, 'gs1.json');
  await writeFile(
    file,
    JSON.stringify([
      {
        ...can,
        code: CODE,
        productCode: 'DL900G',
        gtin: GTIN,
        lotCode: LOT,
        productDate: '2026-06-12',
        expireDate: '2028-06-12',
        productImage: '',
      },
    ]),
  );
  await suite.importFile(file);
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const phone = (language: Language): BrowserContextOptions => ({
  viewport: { width: 360, height: 640 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: language === 'vi' ? 'vi-VN' : 'en-US',
  // Axe is injected as a script: the page's CSP would refuse it.
  bypassCSP: true,
});

async function expectAccessible(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

describe("the page at a Digital Link's address, in Chromium against the real service", () => {
  it.each<Language>(['vi', 'en'])('shows the unit the link names (%s), as /dt?qr= would', async (language) => {
    const { page, problems, traceCalls, t } = await suite.open(language, phone(language), unitLink(LOT));
    await expect.poll(() => page.getByRole('textbox', { name: t.lookup.inputLabel }).inputValue()).toBe(CODE);
    await page.getByRole('table', { name: t.result.title }).waitFor();
    expect(await page.getByRole('table', { name: t.result.title }).innerText()).toContain(CODE);
    // The pack agrees with the record: no warning, and the server's answer was used (no second lookup).
    expect(await page.getByRole('region', { name: t.gs1.mismatch.title }).count()).toBe(0);
    expect(traceCalls).toHaveLength(0);
    expect(page.url()).toContain(unitLink(LOT));
    await expectAccessible(page);
    await page.screenshot({ path: join(SHOTS, `digital-link-unit-${language}.png`) });
    expect(problems).toEqual([]);
  });

  it.each<Language>(['vi', 'en'])(
    'says plainly, as the verdict, when the pack’s lot and expiry are not the record’s (%s)',
    async (language) => {
      const { page, problems, t } = await suite.open(language, phone(language), unitLink('L2025-FAKE', '290131'));
      const warning = page.getByRole('region', { name: t.gs1.mismatch.title });
      await warning.waitFor();
      const text = await warning.innerText();
      expect(text).toContain(fill(t.gs1.mismatch.lot, { printed: 'L2025-FAKE', recorded: LOT }));
      expect(text).toContain(t.gs1.mismatch.expiry.split('{{printed}}')[0]);
      // First under the field, on the first screen of a phone.
      const box = await warning.boundingBox();
      expect(box && box.y + 40).toBeLessThan(640);
      await expectAccessible(page);
      await page.screenshot({ path: join(SHOTS, `digital-link-mismatch-${language}.png`) });
      expect(problems).toEqual([]);
    },
  );

  it("shows a lot's page in the server's HTML, and hydrates with it without asking the service again", async () => {
    const t = TEXTS.vi;
    const lotLink = `/01/${GTIN}/10/${LOT}`;
    // Without JavaScript: the first HTML alone.
    const bare = await suite.open('vi', { ...phone('vi'), javaScriptEnabled: false }, lotLink);
    // This lot's file said no status: the page names the lot and asks for the pack's own code.
    const title = fill(t.gs1.lot.title, { lot: LOT });
    await bare.page.getByText(title).waitFor();
    expect(await bare.page.getByText(t.gs1.lot.askUnit).count()).toBe(1);
    // With it: the page hydrates and never fetches the lot's JSON (a round trip on 3G).
    const context = await suite.browser.newContext(phone('vi'));
    try {
      const page = await context.newPage();
      const levelCalls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.includes('/gs1/01/')) levelCalls.push(request.url());
      });
      await page.goto(`${suite.url}${lotLink}`);
      await page.getByRole('button', { name: t.scanner.photo, disabled: false }).waitFor();
      await page.getByText(title).waitFor();
      expect(levelCalls).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("names the resolver after the brand the built page names (its VITE_BRAND_NAME), not the product's own name", async () => {
    const brand = 'Sữa Đồng Xanh'; // .env's, which the e2e build keeps
    const description = (await (await fetch(`${suite.url}/.well-known/gs1resolver`)).json()) as { name: string };
    expect(description.name).toBe(`${brand}: GS1 Digital Link resolver`);
    const page = await (await fetch(`${suite.url}/`, { headers: { accept: 'text/html' } })).text();
    expect(/<title>(.*?)<\/title>/s.exec(page)?.[1]).toContain(brand);
  });

  it('a Digital Link typed into the field goes to its address and shows the same', async () => {
    const { page, t } = await suite.open('vi', phone('vi'), '/');
    await page
      .getByRole('textbox', { name: t.lookup.inputLabel })
      .fill(`https://id.example.vn${unitLink('L2025-FAKE')}`);
    await page.getByRole('button', { name: t.lookup.search }).click();
    await page.getByRole('region', { name: t.gs1.mismatch.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/01/${GTIN}/10/L2025-FAKE/21/${CODE}`);
  });

  it('the support desk shows where a pasted link’s pack disagrees with the record', async () => {
    const context = await suite.browser.newContext({ ...phone('vi') });
    try {
      const page = await context.newPage();
      await page.goto(`${suite.url}/support?lng=vi`);
      const t = TEXTS.vi;
      await page.getByRole('button', { name: t.support.addPhotos, disabled: false }).waitFor();
      await page
        .getByRole('textbox', { name: t.support.inputLabel })
        .fill(`Em mua hộp này: https://id.example.vn${unitLink('L2025-FAKE')} ạ`);
      await page.getByRole('button', { name: t.support.check }).click();
      await page.getByText(fill(t.support.finished_one, { count: 1 })).waitFor();
      const sentence = fill(t.gs1.mismatch.lot, { printed: 'L2025-FAKE', recorded: LOT });
      await page.getByText(sentence).filter({ visible: true }).waitFor();
      expect(await page.getByText(t.gs1.mismatch.desk).filter({ visible: true }).count()).toBe(1);
      await expectAccessible(page);
      await page.screenshot({ path: join(SHOTS, 'digital-link-desk-vi.png'), fullPage: true, animations: 'disabled' });
    } finally {
      await context.close();
    }
  });
});
