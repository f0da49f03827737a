import { describe, expect, it } from 'vitest';
import type { TraceBox, TraceProduct } from '@/contract/traceContract';
import { boxRows, dateValue, productRows, unitValue, weightValue } from '@/features/lookup/traceRows';

const product: TraceProduct = {
  Code: '1D24B3261X54A2320',
  ProductUnit: 'lon',
  ProductCode: 'SB900G',
  ProductName: 'Sữa bột 900g',
  Weight: 900,
  WeightType: 'gam',
  ProductDate: '2026-06-12',
  ExpireDate: '2028-06-12T00:00:00Z',
};

const box: TraceBox = {
  Code: 'TH26A1105C48B0001',
  ProductUnit: 'thùng',
  ProductCode: 'ST180ID',
  ProductName: 'Sữa tươi 180ml',
  ProductDate: '2026-11-05',
  ExpireDate: '2027-05-05',
  TotalPacket: 48,
};

describe('productRows', () => {
  it('lists the seven product rows in the specification order', () => {
    expect(productRows(product).map((row) => row.label)).toEqual([
      'result.qrCode',
      'result.packagingUnit',
      'result.productCode',
      'result.productName',
      'result.netWeight',
      'result.mfgDate',
      'result.expDate',
    ]);
  });

  it('maps each field to its row', () => {
    expect(productRows(product).map((row) => row.value)).toEqual([
      { text: '1D24B3261X54A2320' },
      { i18nKey: 'units.can', params: { given: 'lon' } },
      { text: 'SB900G' },
      { text: 'Sữa bột 900g' },
      { i18nKey: 'result.weightInGrams', params: { amount: '900' } },
      { date: { year: 2026, month: 6, day: 12 } },
      { date: { year: 2028, month: 6, day: 12 } },
    ]);
  });

  it.each([null, undefined, '', '   '])('leaves %j values empty, shown as Updating', (empty) => {
    const rows = productRows({ ...product, ProductName: empty, ProductDate: empty, Weight: empty });
    expect(rows.find((row) => row.label === 'result.productName')?.value).toBeNull();
    expect(rows.find((row) => row.label === 'result.mfgDate')?.value).toBeNull();
    expect(rows.find((row) => row.label === 'result.netWeight')?.value).toBeNull();
  });
});

describe('boxRows', () => {
  it('lists the seven box rows, ending with the number of products per carton', () => {
    const rows = boxRows(box);
    expect(rows.map((row) => row.label)).toEqual([
      'result.qrCode',
      'result.packagingUnit',
      'result.productCode',
      'result.productName',
      'result.mfgDate',
      'result.expDate',
      'result.totalPacket',
    ]);
    expect(rows[1].value).toEqual({ i18nKey: 'units.carton', params: { given: 'thùng' } });
    expect(rows[6].value).toEqual({ i18nKey: 'result.packetCount', params: { count: 48 } });
  });
});

describe('unitValue', () => {
  it.each([
    ['lon', 'units.can'],
    ['hộp', 'units.box'],
    ['thùng', 'units.carton'],
    ['chai', 'units.bottle'],
    ['lốc', 'units.pack'],
    ['túi', 'units.bag'],
    ['  LON ', 'units.can'],
    ['Thùng', 'units.carton'],
    ['hộp'.normalize('NFD'), 'units.box'],
    ['TÚI'.normalize('NFD'), 'units.bag'],
  ])('%j is the packaging unit %s', (given, key) => {
    expect(unitValue(given)).toEqual({ i18nKey: key, params: { given: given.trim() } });
  });

  it('shows any other unit as given', () => {
    expect(unitValue('gói')).toEqual({ text: 'gói' });
  });
});

describe('weightValue', () => {
  it.each(['gam', 'Gam', ' GRAM ', 'gam'.normalize('NFD')])('treats %j as grams', (type) => {
    expect(weightValue(900, type)).toEqual({ i18nKey: 'result.weightInGrams', params: { amount: '900' } });
  });

  it('joins other weight types as given', () => {
    expect(weightValue('180', 'ml')).toEqual({ text: '180 ml' });
  });

  it('shows the amount alone when the type is missing', () => {
    expect(weightValue(180, null)).toEqual({ text: '180' });
  });

  it('is empty without an amount', () => {
    expect(weightValue('', 'ml')).toBeNull();
  });
});

describe('dateValue', () => {
  // A zone-less value is the day written; an instant with a zone is the day it falls on in Vietnam, so a
  // Vietnamese midnight sent as UTC ('…T17:00:00Z' the day before) still shows its own day.
  it.each([
    ['2026-06-12', 12],
    ['2026-06-12T23:30:00', 12],
    ['2026-06-11T17:00:00Z', 12],
    ['2026-06-12T00:30:00+07:00', 12],
    ['2026-06-12T16:59:59Z', 12],
    ['2026-06-12T17:00:00Z', 13],
    ['2026-06-12 08:00', 12],
    ['2026-06-12T08:00:00.123', 12],
  ])('reads %s as a day of June 2026 (%i)', (wire, day) => {
    expect(dateValue(wire)).toEqual({ date: { year: 2026, month: 6, day } });
  });

  it.each(['12/06/2026', 'June 2026', '2026-13-01', '2026-02-30', '20260612'])('shows %s as given', (text) => {
    expect(dateValue(text)).toEqual({ text });
  });
});
