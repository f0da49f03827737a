import { describe, expect, it } from 'vitest';
import { checksOf, type CodeChecks } from '@/api/traceResult';
import { checksLine } from '@/features/lookup/result/checksText';
import { i18n } from '../../support/page/i18nInstance';

const day = { year: 2026, month: 11, day: 1 };
const checks = (change: Partial<CodeChecks>): CodeChecks => ({
  firstDay: day,
  lookups: 4,
  networks: 3,
  caution: false,
  ...change,
});

describe('checksOf', () => {
  it("reads the contract's fields", () => {
    expect(checksOf({ FirstDay: '2026-11-01', Lookups: 4, Networks: 3, Caution: true })).toEqual(
      checks({ caution: true }),
    );
  });

  it.each([
    ['absent', undefined],
    ['null', null],
    ['a list', []],
    ['no first day', { Lookups: 4, Networks: 3, Caution: false }],
    ['a first day that is not a calendar day', { FirstDay: '2026-13-01', Lookups: 4, Networks: 3, Caution: false }],
    ['a first day with a time', { FirstDay: '2026-11-01T00:00:00Z', Lookups: 4, Networks: 3, Caution: false }],
    ['lookups as text', { FirstDay: '2026-11-01', Lookups: '4', Networks: 3, Caution: false }],
    ['no device', { FirstDay: '2026-11-01', Lookups: 4, Networks: 0, Caution: false }],
    ['a negative count', { FirstDay: '2026-11-01', Lookups: -1, Networks: 3, Caution: false }],
    ['no caution', { FirstDay: '2026-11-01', Lookups: 4, Networks: 3 }],
  ])('is null for %s', (_name, value) => {
    expect(checksOf(value)).toBeNull();
  });
});

describe('the checks in words', () => {
  const vi = i18n.getFixedT('vi');
  const en = i18n.getFixedT('en');

  it('says one lookup, and on which day, when only one was recorded', () => {
    expect(checksLine(checks({ lookups: 1, networks: 1 }), vi, 'vi')).toBe(
      'Mới được tra cứu 1 lần, vào ngày 01/11/2026',
    );
    expect(checksLine(checks({ lookups: 1, networks: 1 }), en, 'en')).toBe('Looked up once so far, on 1 Nov 2026');
  });

  it("counts lookups since the first day, the shopper's own included, and never devices", () => {
    expect(checksLine(checks({}), vi, 'vi')).toBe(
      'Đã được tra cứu 4 lần kể từ ngày 01/11/2026 (tính cả các lần bạn tra cứu)',
    );
    expect(checksLine(checks({}), en, 'en')).toBe('Looked up 4 times since 1 Nov 2026, your own lookups included');
    expect(checksLine(checks({}), en, 'en')).not.toMatch(/device/);
    expect(checksLine(checks({}), vi, 'vi')).not.toMatch(/thiết bị|kiểm tra/);
  });
});
