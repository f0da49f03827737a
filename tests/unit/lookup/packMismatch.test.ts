import { describe, expect, it } from 'vitest';
import { pickTraceResult, type TraceResult } from '@/api/traceResult';
import type { TraceResponse } from '@/contract/traceContract';
import { GS1_CATALOGUES } from '@/features/lookup/digitalLink/gs1Catalogues';
import { addGs1Texts } from '@/features/lookup/digitalLink/gs1Texts';
import { mismatchTexts } from '@/features/lookup/result/mismatchTexts';
import type { PrintedPack } from '@/contract/gs1/printedPack';
import { packMismatches } from '@/features/lookup/result/packMismatch';
import { verdictOf } from '@/features/lookup/result/verdictOf';
import { formatDay } from '@/i18n/formatDay';
import { i18n } from '../../support/page/i18nInstance';

const NOW = new Date('2026-07-01T03:00:00Z');
const GTIN = '08930000000002';

/** A unit's answer with the record's GTIN, lot and expiry (what the service sends for the serial). */
function record(fields: { Gtin?: string | null; Lot?: string | null; ExpireDate?: string | null; recalled?: boolean }) {
  const { recalled, ...item } = fields;
  const body = {
    Data: {
      Products: [
        {
          Code: '1D24B3261X54A2320',
          ProductUnit: 'lon',
          ProductCode: 'SB900G',
          ProductName: 'Sữa bột',
          Weight: 900,
          WeightType: 'gam',
          ProductDate: '2026-06-12',
          ExpireDate: '2028-06-12',
          LotStatus: recalled ? 'recalled' : 'active',
          ...item,
        },
      ],
      Box: [],
    },
  } as TraceResponse;
  return pickTraceResult(body)!;
}

const genuine = record({ Gtin: GTIN, Lot: 'L2026A', ExpireDate: '2028-06-12' });
const printed = (pack: Partial<PrintedPack>): PrintedPack => ({
  gtin: GTIN,
  lot: 'L2026A',
  expiry: '2028-06-12',
  ...pack,
});

describe('packMismatches: the pack against the record of its serial', () => {
  it('finds nothing when the pack says what the record says', () => {
    expect(packMismatches(printed({}), genuine)).toEqual([]);
    // GS1 compares GTINs as 14 digits: a GTIN-13 on record is the same product as its padded form.
    expect(packMismatches(printed({}), record({ Gtin: '8930000000002' }))).toEqual([]);
  });

  it('names each field that differs, with both values, GTIN then lot then expiry', () => {
    expect(packMismatches(printed({ gtin: '08930000000019', lot: 'L2025Z', expiry: '2029-01-31' }), genuine)).toEqual([
      { field: 'gtin', printed: '08930000000019', recorded: GTIN },
      { field: 'lot', printed: 'L2025Z', recorded: 'L2026A' },
      { field: 'expiry', printed: { year: 2029, month: 1, day: 31 }, recorded: { year: 2028, month: 6, day: 12 } },
    ]);
  });

  it('compares the lot as printed: GS1 lots are case-sensitive', () => {
    expect(packMismatches(printed({ lot: 'l2026a' }), genuine).map(({ field }) => field)).toEqual(['lot']);
  });

  it('claims no difference where either side is silent', () => {
    // The pack prints no lot or expiry (a link with the serial alone).
    expect(packMismatches(printed({ lot: null, expiry: null }), genuine)).toEqual([]);
    // A service that sends neither GTIN nor lot (the brand's own today), and a record without an expiry.
    expect(packMismatches(printed({ lot: 'OTHER' }), record({ ExpireDate: null }))).toEqual([]);
    expect(packMismatches(printed({ gtin: '08930000000019' }), record({ Gtin: 'not a gtin' }))).toEqual([]);
  });
});

describe('the verdict with a mismatch', () => {
  const mismatches = packMismatches(printed({ lot: 'L2025Z' }), genuine);

  it('outranks expiry and the caution, but not a recall', () => {
    expect(verdictOf(genuine, NOW, mismatches)).toMatchObject({ kind: 'mismatch', mismatches });
    const expired = record({ Lot: 'L2026A', ExpireDate: '2026-01-01' });
    expect(verdictOf(expired, NOW, mismatches).kind).toBe('mismatch');
    const cautioned: TraceResult = {
      ...genuine,
      checks: { firstDay: { year: 2026, month: 6, day: 1 }, lookups: 40, networks: 12, caution: true },
    };
    expect(verdictOf(cautioned, NOW, mismatches).kind).toBe('mismatch');
    expect(verdictOf(record({ Lot: 'L2026A', recalled: true }), NOW, mismatches).kind).toBe('recalled');
  });

  it('is not given without a mismatch', () => {
    expect(verdictOf(genuine, NOW, []).kind).toBe('expiry');
  });
});

describe('mismatchTexts', () => {
  // As the page at a Digital Link's address and the desk do: the texts come with their chunks.
  addGs1Texts(i18n, GS1_CATALOGUES);

  const all = packMismatches(printed({ gtin: '08930000000019', lot: 'L2025Z', expiry: '2029-01-31' }), genuine);

  it('says each difference plainly in English', () => {
    expect(mismatchTexts(all, i18n.getFixedT('en'), (day) => formatDay(day, 'en'))).toEqual([
      'The code on this pack says product number (GTIN) 08930000000019; our record for this code says GTIN 08930000000002.',
      'The code on this pack says batch L2025Z; our record for this code says batch L2026A.',
      'The code on this pack says expiry date 31 Jan 2029; our record for this code says expiry date 12 Jun 2028.',
    ]);
  });

  it('and in Vietnamese, dates as Vietnamese write them', () => {
    expect(mismatchTexts(all, i18n.getFixedT('vi'), (day) => formatDay(day, 'vi'))).toEqual([
      'Mã trên bao bì này ghi mã sản phẩm GTIN 08930000000019; hồ sơ của chúng tôi cho mã này ghi GTIN 08930000000002.',
      'Mã trên bao bì này ghi số lô L2025Z; hồ sơ của chúng tôi cho mã này ghi số lô L2026A.',
      'Mã trên bao bì này ghi hạn sử dụng 31/01/2029; hồ sơ của chúng tôi cho mã này ghi hạn sử dụng 12/06/2028.',
    ]);
  });
});
