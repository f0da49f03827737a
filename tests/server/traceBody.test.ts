import { describe, expect, it } from 'vitest';
import type { ProductLot } from '../../server/domain/traceCode.ts';
import { toTraceResponse, traceResponseBody } from '../../server/traceBody.ts';

const unitLot: ProductLot = {
  productCode: 'SB900G',
  productName: 'Sữa bột Đồng Xanh Gold 900g',
  productUnit: 'lon',
  weight: 900,
  weightType: 'gam',
  productDate: '2026-06-12',
  expireDate: '2028-06-12',
};
const cartonLot: ProductLot = { ...unitLot, productUnit: 'Thùng ', weight: null, weightType: null };
// Text that looks like the fields the body template cuts at, to prove the cuts fall on the structure.
const trickyLot: ProductLot = {
  ...unitLot,
  productName: 'Hộp "Code":"" \\ "TotalPacket":0 }]}} 🥛',
  productCode: '"Code":',
  expireDate: null,
};

describe('traceResponseBody', () => {
  it.each([
    ['a unit', unitLot, null],
    ['a carton', cartonLot, 24],
    ['a carton without its count', cartonLot, null],
    ['a unit whose text looks like JSON fields', trickyLot, null],
    ['a carton whose text looks like JSON fields', { ...trickyLot, productUnit: 'thùng' }, 12],
  ])('gives the same bytes as serialising the response, for %s', (_name, lot, totalPacket) => {
    const code = '1D24B3261X54A2320';
    const body = traceResponseBody({ code, totalPacket, lot });
    expect(body.toString('utf8')).toBe(JSON.stringify(toTraceResponse({ ...lot, code, totalPacket })));
  });

  it('puts each code into the body of a lot shared by many codes', () => {
    const first = JSON.parse(traceResponseBody({ code: 'TH26A1105C48B0001', totalPacket: 48, lot: cartonLot }).toString());
    const second = JSON.parse(traceResponseBody({ code: 'TH26A1105C48B0002', totalPacket: 24, lot: cartonLot }).toString());
    expect(first.Data.Box[0]).toMatchObject({ Code: 'TH26A1105C48B0001', TotalPacket: 48 });
    expect(second.Data.Box[0]).toMatchObject({ Code: 'TH26A1105C48B0002', TotalPacket: 24 });
  });
});
