import { describe, expect, it } from 'vitest';
import { rowText, unitName } from '@/features/lookup/onDemand';
import { dateValue, packetValue, unitValue } from '@/features/lookup/traceRows';
import { i18n } from '../../support/page/i18nInstance';

const vi = i18n.getFixedT('vi');
const en = i18n.getFixedT('en');

// The one function the page's table and summary and the support desk's rows, CSV and reply write values with.
describe('a row value as text', () => {
  it('is null while the service has sent nothing', () => {
    expect(rowText(null, en, 'en')).toBeNull();
  });

  it('keeps a text as the service sent it', () => {
    expect(rowText(unitValue('gói'), vi, 'vi')).toBe('gói');
  });

  it('writes a known unit and a count from the catalogue, per language', () => {
    expect(rowText(unitName('thùng'), vi, 'vi')).toBe('Thùng');
    expect(rowText(unitName('thùng'), en, 'en')).toBe('Carton');
    expect(rowText(packetValue(48), en, 'en')).toBe('48 units');
  });

  it('writes a date per language', () => {
    expect(rowText(dateValue('2026-06-12'), vi, 'vi')).toBe('12/06/2026');
    expect(rowText(dateValue('2026-06-12'), en, 'en')).toBe('12 Jun 2026');
  });
});
