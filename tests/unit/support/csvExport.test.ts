import { describe, expect, it } from 'vitest';
import { pickTraceResult } from '@/api/traceResult';
import { batchCsv } from '@/features/support/csvExport';
import { addDeskTexts } from '@/features/support/deskTexts';
import { i18n } from '../../support/page/i18nInstance';
import { answerWithExtras, demoResponses } from '../../support/mocks/fixtures';

// The desk adds its texts to the page's instance when it opens (src/features/support/SupportRoute.tsx).
addDeskTexts(i18n);

const NOW = new Date('2026-07-01T03:00:00Z');

describe('batchCsv', () => {
  it('starts with a BOM, quotes every cell, ends lines with CRLF, and writes Vietnamese as is', () => {
    const csv = batchCsv(
      [
        {
          code: 'TH26A1105C48B0001',
          outcome: 'found',
          result: pickTraceResult(
            answerWithExtras('TH26A1105C48B0001', { LotStatus: 'active', UnitCodes: ['HP26A1105C48B0001'] }),
          ),
          suggestions: null,
          sentAs: null,
        },
        { code: 'ZZ99Z9999Z99Z9999', outcome: 'notFound', result: null, suggestions: [], sentAs: null },
      ],
      i18n.getFixedT('vi'),
      'vi',
      NOW,
      'https://trace.example.vn',
    );
    expect(csv.startsWith('\uFEFF"Mã","Liên kết tra cứu","Sản phẩm"')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(
      '"TH26A1105C48B0001","https://trace.example.vn/dt?qr=TH26A1105C48B0001","Sữa tươi tiệt trùng ít đường 180ml","Thùng","05/11/2026","05/05/2027","Còn hạn · còn 308 ngày","Không bị thu hồi","Thùng 48 sản phẩm; 1 mã sản phẩm lẻ trong hệ thống","","Có trong hệ thống"',
    );
    expect(lines[2]).toBe(
      '"ZZ99Z9999Z99Z9999","https://trace.example.vn/dt?qr=ZZ99Z9999Z99Z9999","","","","","","","","","Không tìm thấy"',
    );
    expect(lines[3]).toBe('');
  });

  it("carries shoppers' lookups of a code as the desk shows them, the caution with them", () => {
    const body = {
      ...answerWithExtras('1D24B3261X54A2320', {}),
      Checks: { FirstDay: '2026-06-20', Lookups: 12, Networks: 8, Caution: true },
    };
    const csv = batchCsv(
      [{ code: '1D24B3261X54A2320', outcome: 'found', result: pickTraceResult(body), suggestions: null, sentAs: null }],
      i18n.getFixedT('en'),
      'en',
      NOW,
      'https://trace.example.vn',
    );
    const [header, line] = csv.slice(1).split('\r\n');
    expect(header).toContain('"Packing","Lookups","Outcome"');
    expect(line).toContain(
      '"First: 20 Jun 2026 · 12 lookups · Caution: looked up from many networks recently","Found"',
    );
  });

  it('doubles quotes and keeps a spreadsheet from running a name as a formula', () => {
    const body = demoResponses.get('1D24B3261X54A2320');
    if (!body) throw new Error('no demo');
    const product = { ...body.Data.Products[0], ProductName: '=HYPERLINK("x") "Gold"' };
    const csv = batchCsv(
      [
        {
          code: '1D24B3261X54A2320',
          outcome: 'found',
          result: pickTraceResult({ Data: { Products: [product], Box: [] } }),
          suggestions: null,
          sentAs: null,
        },
      ],
      i18n.getFixedT('en'),
      'en',
      NOW,
      'https://trace.example.vn',
    );
    expect(csv).toContain(`"'=HYPERLINK(""x"") ""Gold"""`);
    expect(csv).toContain('"Found"');
  });
});
