import { describe, expect, it } from 'vitest';
import { reportFailure } from '@/features/report/reportFailure';
import { scaledSize } from '@/features/report/photoSize';
import { NO_DETAILS, submission } from '@/features/report/reportDraft';
import { lastProvince } from '@/features/report/lastProvince';

describe("a report's photo size", () => {
  it('scales the long side down to 1600 px, keeping the shape, never up', () => {
    expect(scaledSize(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(scaledSize(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(scaledSize(800, 600)).toEqual({ width: 800, height: 600 });
    expect(scaledSize(20000, 10)).toEqual({ width: 1600, height: 1 });
  });
});

describe('the report sent', () => {
  it('is exactly what was typed or chosen, blank fields left out', () => {
    expect(
      submission('1D24B3261X54A2320', 'other', 'hue', { ...NO_DETAILS, shop: '  Cô Ba ', address: '   ', phone: '' }),
    ).toEqual({ code: '1D24B3261X54A2320', reason: 'other', province: 'hue', shop: 'Cô Ba' });
  });
});

describe("the service's refusals", () => {
  it("become the service's own message key and field, or a message of the page's", () => {
    const body = { error: 'VALIDATION', Message: 'report.errors.photoContent', status: 400, field: 'photo' };
    expect(reportFailure({ status: 400, data: body }, 'shopper')).toEqual({
      key: 'report.errors.photoContent',
      field: 'photo',
      status: 400,
    });
    // A message the page does not know is never shown raw.
    expect(reportFailure({ status: 400, data: { Message: '<b>boom</b>', field: 'shop' } }, 'shopper').key).toBe(
      'report.errors.failed',
    );
    expect(reportFailure({ status: 429, data: null }, 'shopper', 40_000).key).toBe('report.errors.tooMany');
    expect(reportFailure({ status: 429, data: null }, 'shopper', 30).key).toBe('report.errors.busy');
    expect(reportFailure({ status: 429, data: null }, 'staff', 40_000).key).toBe('report.errors.busy');
    // Staff keys exist only for the desk: a shopper's refused report is a plain failure.
    expect(reportFailure({ status: 403, data: null }, 'staff').key).toBe('report.errors.staffKey');
    expect(reportFailure({ status: 403, data: null }, 'shopper').key).toBe('report.errors.failed');
    expect(reportFailure({ status: 401, data: null }, 'shopper').key).toBe('report.errors.failed');
    expect(reportFailure({ status: 'FETCH_ERROR', error: 'offline' }, 'shopper').key).toBe('report.errors.network');
  });
});

describe("this device's last province", () => {
  it('keeps a known province and ignores anything else stored', () => {
    expect(lastProvince.read()).toBeNull();
    lastProvince.write('canTho');
    expect(lastProvince.read()).toBe('canTho');
    localStorage.setItem('report.province', '<script>');
    expect(lastProvince.read()).toBeNull();
  });
});
