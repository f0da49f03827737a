import type { Locator, Page } from 'playwright-core';
import type { Texts } from './texts';

/** The lookup page as a shopper sees it: found by role and visible name only. */
export function lookupPage(page: Page, t: Texts) {
  const resultTable = page.getByRole('table', { name: t.result.title });
  return {
    heading: page.getByRole('heading', { level: 1, name: t.lookup.title }),
    input: page.getByRole('textbox', { name: t.lookup.inputLabel }),
    searchButton: page.getByRole('button', { name: t.lookup.search, exact: true }),
    clearButton: page.getByRole('button', { name: t.lookup.clear }),
    cameraButton: page.getByRole('button', { name: t.lookup.camera }),
    photoButton: page.getByRole('button', { name: t.scanner.photo }),
    noInformation: page.getByText(t.lookup.noInformation),
    resultTable,
    /** An alert (field error or result error) showing exactly this text. */
    alert: (text: string): Locator => page.getByRole('alert').filter({ hasText: text }),
    /**
     * Resolves once the page has everything it loads by itself: the photo button is enabled when its
     * on-demand chunk has arrived.
     */
    fullyLoaded: async (): Promise<void> => {
      await page.getByRole('button', { name: t.scanner.photo, disabled: false }).waitFor();
    },
    /** The result table's product facts as [label, value] pairs, in the order shown. */
    rows: async (): Promise<string[][]> => {
      await resultTable.waitFor();
      const rows = await resultTable
        .getByRole('row')
        .evaluateAll((elements) =>
          elements.map((row) => Array.from(row.children, (cell) => cell.textContent?.trim() ?? '')),
        );
      return rows;
    },
  };
}

/** The expected rows of the known unit (tests/fixtures/trace/traceData.json) in each language. */
export function unitRows(t: Texts, language: 'vi' | 'en'): string[][] {
  const r = t.result;
  return [
    [r.qrCode, '1D24B3261X54A2320'],
    [r.packagingUnit, language === 'vi' ? 'lon' : 'can'],
    [r.productCode, 'SB900G'],
    [r.productName, 'Sữa bột Đồng Xanh Gold 900g'],
    [r.netWeight, language === 'vi' ? '900 gam' : '900 gram'],
    [r.mfgDate, language === 'vi' ? '12/06/2026' : '12 Jun 2026'],
    [r.expDate, language === 'vi' ? '12/06/2028' : '12 Jun 2028'],
  ];
}

/** The expected rows of the known carton. */
export function cartonRows(t: Texts, language: 'vi' | 'en'): string[][] {
  const r = t.result;
  return [
    [r.qrCode, 'TH26A1105C48B0001'],
    [r.packagingUnit, language === 'vi' ? 'thùng' : 'carton'],
    [r.productCode, 'ST180ID'],
    [r.productName, 'Sữa tươi tiệt trùng ít đường 180ml'],
    [r.mfgDate, language === 'vi' ? '05/11/2026' : '5 Nov 2026'],
    [r.expDate, language === 'vi' ? '05/05/2027' : '5 May 2027'],
    [r.totalPacket, language === 'vi' ? '48 sản phẩm' : '48 units'],
  ];
}

/** The `qr` parameter of the page's current address. */
export function qrParam(page: Page): string | null {
  return new URL(page.url()).searchParams.get('qr');
}
