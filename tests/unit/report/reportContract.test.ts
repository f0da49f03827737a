import { describe, expect, it } from 'vitest';
import {
  closeNoteProblem,
  PROVINCES,
  REPORT_ADDRESS_MAX,
  REPORT_ERRORS,
  REPORT_NOTE_MAX,
  REPORT_PHOTO_MAX_BYTES,
  REPORT_SHOP_MAX,
  reportProblems,
} from '@/contract/reports';

const TODAY = '2026-11-27';
const minimal = { code: 'QS26A0404K10Z0001', reason: 'seal', province: 'haNoi' };
const keys = (body: unknown) => reportProblems(body, TODAY).map((problem) => problem.key);

describe('the provinces', () => {
  it('are the 34 of Vietnam since 2025, each once', () => {
    expect(PROVINCES).toHaveLength(34);
    expect(new Set(PROVINCES).size).toBe(34);
  });
});

describe('reportProblems', () => {
  it('takes the minimum report (code, reason, province) and a full one', () => {
    expect(keys(minimal)).toEqual([]);
    const full = {
      ...minimal,
      code: ' qs26a0404k10z0001 ',
      shop: 'Tạp hoá Cô Ba',
      address: '12 Chợ Bến Thành, Quận 1',
      boughtOn: '2026-11-20',
      phone: '+84 912 345 678',
      photo: 'data:image/jpeg;base64,/9j/4AAQ',
    };
    expect(keys(full)).toEqual([]);
  });

  it('treats blank optional fields as not given', () => {
    expect(keys({ ...minimal, shop: '  ', address: '', phone: '', boughtOn: '', photo: '' })).toEqual([]);
  });

  it('names each bad field with its message key, in the form order', () => {
    expect(keys({ code: 'short', reason: 'fake', province: 'saigon' })).toEqual([
      REPORT_ERRORS.code,
      REPORT_ERRORS.reason,
      REPORT_ERRORS.province,
    ]);
    expect(keys({ code: minimal.code, reason: 'seal' })).toEqual([REPORT_ERRORS.province]);
  });

  it('bounds the shop and the address and keeps them single lines', () => {
    expect(keys({ ...minimal, shop: 'x'.repeat(REPORT_SHOP_MAX) })).toEqual([]);
    expect(keys({ ...minimal, shop: 'x'.repeat(REPORT_SHOP_MAX + 1) })).toEqual([REPORT_ERRORS.shop]);
    expect(keys({ ...minimal, address: 'x'.repeat(REPORT_ADDRESS_MAX + 1) })).toEqual([REPORT_ERRORS.address]);
    expect(keys({ ...minimal, shop: 'a\nb' })).toEqual([REPORT_ERRORS.shop]);
    expect(keys({ ...minimal, shop: 42 })).toEqual([REPORT_ERRORS.shop]);
  });

  it('keeps a script in a text field as text (it is the shop name the shopper typed)', () => {
    expect(keys({ ...minimal, shop: '<script>alert(1)</script>' })).toEqual([]);
  });

  it('takes a date bought from two years ago to today, no later and no earlier', () => {
    expect(keys({ ...minimal, boughtOn: TODAY })).toEqual([]);
    expect(keys({ ...minimal, boughtOn: '2024-11-27' })).toEqual([]);
    expect(keys({ ...minimal, boughtOn: '2024-11-26' })).toEqual([REPORT_ERRORS.boughtOnTooOld]);
    expect(keys({ ...minimal, boughtOn: '2026-11-28' })).toEqual([REPORT_ERRORS.boughtOnFuture]);
    expect(keys({ ...minimal, boughtOn: '2026-02-30' })).toEqual([REPORT_ERRORS.boughtOnFormat]);
    expect(keys({ ...minimal, boughtOn: '27/11/2026' })).toEqual([REPORT_ERRORS.boughtOnFormat]);
  });

  it('takes Vietnamese phone numbers as typed and nothing else', () => {
    for (const phone of ['0912345678', '091 234 5678', '+84912345678', '0912.345.678', '02438 123 456']) {
      expect(keys({ ...minimal, phone })).toEqual([]);
    }
    for (const phone of ['12345', '+1 415 555 0100', '0912345678<b>', '09123456789012345678901', 'call me']) {
      expect(keys({ ...minimal, phone })).toEqual([REPORT_ERRORS.phone]);
    }
  });

  it('takes a JPEG, PNG or WebP data URL up to the bound, and no SVG', () => {
    const bytes = (n: number) => 'A'.repeat(Math.ceil(n / 3) * 4);
    expect(keys({ ...minimal, photo: `data:image/png;base64,${bytes(REPORT_PHOTO_MAX_BYTES - 3)}` })).toEqual([]);
    expect(keys({ ...minimal, photo: `data:image/webp;base64,${bytes(REPORT_PHOTO_MAX_BYTES + 3)}` })).toEqual([
      REPORT_ERRORS.photoTooBig,
    ]);
    expect(keys({ ...minimal, photo: 'data:image/svg+xml;base64,PHN2Zz4=' })).toEqual([REPORT_ERRORS.photoType]);
    expect(keys({ ...minimal, photo: 'https://example.com/a.jpg' })).toEqual([REPORT_ERRORS.photoType]);
  });

  it('takes the pack a Digital Link printed (GTIN-14, lot within AI 10, a real expiry) and nothing else', () => {
    const pack = { gtin: '08930000000002', lot: 'L2026-0612', expiry: '2028-06-12' };
    expect(keys({ ...minimal, pack })).toEqual([]);
    expect(keys({ ...minimal, pack: { ...pack, lot: null, expiry: null } })).toEqual([]);
    // GS1's CSET 82 allows these punctuation marks in a lot, up to 20 characters.
    expect(keys({ ...minimal, pack: { ...pack, lot: 'L/2026-06.12_a+b%"!*' } })).toEqual([]);
    expect(keys({ ...minimal, pack: null })).toEqual([]);
    const bad = [
      { ...pack, gtin: '08930000000001' }, // check digit
      { ...pack, gtin: '8930000000002' }, // a GTIN-13: the page sends 14 digits
      { ...pack, gtin: 8930000000002 },
      { ...pack, lot: '' },
      { ...pack, lot: 'L'.repeat(21) },
      { ...pack, lot: 'Lô 2026' }, // outside CSET 82
      { ...pack, lot: 'L 2026' },
      { ...pack, expiry: '2028-02-30' },
      { ...pack, expiry: '280612' },
      { gtin: pack.gtin, lot: pack.lot }, // every field named, null when the link has none
      { ...pack, serial: '1D24B3261X54A2320' },
      'https://id.gs1.org/01/08930000000002',
      [pack],
    ];
    for (const value of bad)
      expect(keys({ ...minimal, pack: value }), JSON.stringify(value)).toEqual([REPORT_ERRORS.pack]);
    expect(reportProblems({ ...minimal, pack: bad[0] }, TODAY)).toEqual([{ field: 'pack', key: REPORT_ERRORS.pack }]);
  });

  it('refuses what is not a report at all', () => {
    expect(keys(null)).toEqual([REPORT_ERRORS.body]);
    expect(keys([minimal])).toEqual([REPORT_ERRORS.body]);
  });
});

describe('closeNoteProblem', () => {
  it('needs a note of at most the bound, line breaks allowed', () => {
    expect(closeNoteProblem('Called the shop.\nFake confirmed.')).toBeNull();
    expect(closeNoteProblem('')?.key).toBe(REPORT_ERRORS.note);
    expect(closeNoteProblem('x'.repeat(REPORT_NOTE_MAX + 1))?.key).toBe(REPORT_ERRORS.note);
  });
});
