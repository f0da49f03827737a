import { describe, expect, it } from 'vitest';
import { formatDay } from '@/i18n/formatDay';

describe('formatDay', () => {
  it.each([
    [{ year: 2026, month: 6, day: 12 }, '12/06/2026', '12 Jun 2026'],
    [{ year: 2025, month: 7, day: 5 }, '05/07/2025', '5 Jul 2025'],
    [{ year: 2027, month: 9, day: 30 }, '30/09/2027', '30 Sep 2027'],
    [{ year: 2028, month: 2, day: 29 }, '29/02/2028', '29 Feb 2028'],
    [{ year: 2026, month: 12, day: 1 }, '01/12/2026', '1 Dec 2026'],
  ])('writes %j as %s in Vietnamese and %s in English', (day, vi, en) => {
    expect(formatDay(day, 'vi')).toBe(vi);
    expect(formatDay(day, 'en')).toBe(en);
  });
});
