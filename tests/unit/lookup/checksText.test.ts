import { describe, expect, it } from 'vitest';
import { checksOf, type CodeChecks } from '@/api/traceResult';
import { checksLine, checksSummary } from '@/features/lookup/result/checksText';
import { i18n } from '../../support/page/i18nInstance';

const day = { year: 2026, month: 11, day: 1 };
const checks = (change: Partial<CodeChecks>): CodeChecks => ({
  firstDay: day,
  lookups: 4,
  devices: 3,
  caution: false,
  ...change,
});

describe('checksOf', () => {
  it("reads the contract's fields", () => {
    expect(checksOf({ FirstDay: '2026-11-01', Lookups: 4, Devices: 3, Caution: true })).toEqual(
      checks({ caution: true }),
    );
  });

  it.each([
    ['absent', undefined],
    ['null', null],
    ['a list', []],
    ['no first day', { Lookups: 4, Devices: 3, Caution: false }],
    ['a first day that is not a calendar day', { FirstDay: '2026-13-01', Lookups: 4, Devices: 3, Caution: false }],
    ['a first day with a time', { FirstDay: '2026-11-01T00:00:00Z', Lookups: 4, Devices: 3, Caution: false }],
    ['lookups as text', { FirstDay: '2026-11-01', Lookups: '4', Devices: 3, Caution: false }],
    ['no device', { FirstDay: '2026-11-01', Lookups: 4, Devices: 0, Caution: false }],
    ['a negative count', { FirstDay: '2026-11-01', Lookups: -1, Devices: 3, Caution: false }],
    ['no caution', { FirstDay: '2026-11-01', Lookups: 4, Devices: 3 }],
  ])('is null for %s', (_name, value) => {
    expect(checksOf(value)).toBeNull();
  });
});

describe('the checks in words', () => {
  const vi = i18n.getFixedT('vi');
  const en = i18n.getFixedT('en');

  it('says the first check when this lookup is the only one', () => {
    expect(checksLine(checks({ lookups: 1, devices: 1 }), vi, 'vi')).toBe('Lần kiểm tra đầu tiên của mã này');
    expect(checksLine(checks({ lookups: 1, devices: 1 }), en, 'en')).toBe('First check of this code');
  });

  it('counts devices, not lookups, since the first day', () => {
    expect(checksLine(checks({}), vi, 'vi')).toBe('Đã được kiểm tra trên 3 thiết bị kể từ 01/11/2026');
    expect(checksLine(checks({}), en, 'en')).toBe('Checked on 3 devices since 1 Nov 2026');
    // One phone looking twice: checked before, on one device.
    expect(checksLine(checks({ lookups: 2, devices: 1 }), en, 'en')).toBe('Checked on 1 device since 1 Nov 2026');
  });

  it('folds the caution into the one-line summary only when the service says so', () => {
    expect(checksSummary(checks({}), en, 'en')).toBe('Checked on 3 devices since 1 Nov 2026');
    expect(checksSummary(checks({ devices: 7, caution: true }), en, 'en')).toBe(
      'Checked on 7 devices since 1 Nov 2026 – the code may have been copied',
    );
    expect(checksSummary(checks({ devices: 7, caution: true }), vi, 'vi')).toBe(
      'Đã được kiểm tra trên 7 thiết bị kể từ 01/11/2026 – mã có thể đã bị sao chép',
    );
  });
});
