import { describe, expect, it } from 'vitest';
import type { ProductLot, StoredCode } from '../../server/domain/traceCode.ts';
import { storedTraceResponse, traceResponseBody } from '../../server/domain/traceBody.ts';

const unitLot: ProductLot = {
  productCode: 'SB900G',
  productName: 'Sữa bột Đồng Xanh Gold 900g',
  productUnit: 'lon',
  weight: 900,
  weightType: 'gam',
  productDate: '2026-06-12',
  expireDate: '2028-06-12',
  lotStatus: null,
  recallReason: null,
  imageUrl: null,
};
const recalledLot: ProductLot = {
  ...unitLot,
  lotStatus: 'recalled',
  recallReason: 'Nắp lon có thể hở: "TotalPacket":0 }]',
  imageUrl: '/qrinfo-svc/api/images/0123456789abcdef0123456789abcdef.svg',
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
  const code = '1D24B3261X54A2320';
  const carton = { code: 'TH26A1105C48B0001', totalPacket: 48 };
  const unitCodes = ['HP26A1105C48B0001', 'HP26A1105C48B0002'];
  it.each<[string, StoredCode]>([
    ['a unit', { code, totalPacket: null, lot: unitLot }],
    ['a carton', { code, totalPacket: 24, lot: cartonLot }],
    ['a carton without its count', { code, totalPacket: null, lot: cartonLot }],
    ['a unit whose text looks like JSON fields', { code, totalPacket: null, lot: trickyLot }],
    [
      'a carton whose text looks like JSON fields',
      { code, totalPacket: 12, lot: { ...trickyLot, productUnit: 'thùng' } },
    ],
    ['a unit of a recalled lot, with its picture and carton', { code, totalPacket: null, lot: recalledLot, carton }],
    [
      'a unit in a carton of unknown count',
      { code, totalPacket: null, lot: unitLot, carton: { ...carton, totalPacket: null } },
    ],
    ['a carton with its units', { code, totalPacket: 48, lot: { ...recalledLot, productUnit: 'thùng' }, unitCodes }],
    ['a carton with no units', { code, totalPacket: 48, lot: cartonLot, unitCodes: [] }],
    // What a lookup never builds, but the template must still agree on: only the fields of the item's kind.
    ['a unit given unit codes', { code, totalPacket: null, lot: unitLot, unitCodes }],
    ['a carton given a carton', { code, totalPacket: 48, lot: cartonLot, carton }],
    ['a unit given both', { code, totalPacket: null, lot: unitLot, carton, unitCodes }],
  ])('gives the same bytes as serialising the response, for %s', (_name, stored) => {
    expect(traceResponseBody(stored).toString('utf8')).toBe(JSON.stringify(storedTraceResponse(stored)));
    // With the code's lookup counts (issue 26): the same object with Checks as its last field.
    const checks = { FirstDay: '2026-11-26', Lookups: 7, Networks: 5, Caution: true };
    expect(traceResponseBody(stored, checks).toString('utf8')).toBe(
      JSON.stringify({ ...storedTraceResponse(stored), Checks: checks }),
    );
  });

  it('says where a unit belongs, what a carton holds and what is known of the lot', () => {
    const unit = JSON.parse(traceResponseBody({ code, totalPacket: null, lot: recalledLot, carton }).toString()).Data
      .Products[0];
    expect(unit).toMatchObject({
      Code: code,
      LotStatus: 'recalled',
      RecallReason: recalledLot.recallReason,
      ImageUrl: recalledLot.imageUrl,
      CartonCode: carton.code,
      CartonTotalPacket: 48,
    });
    const box = JSON.parse(
      traceResponseBody({ code: carton.code, totalPacket: 48, lot: cartonLot, unitCodes }).toString(),
    ).Data.Box[0];
    expect(box).toMatchObject({ Code: carton.code, TotalPacket: 48, UnitCodes: unitCodes });
    expect(box).not.toHaveProperty('LotStatus');
    expect(box).not.toHaveProperty('ImageUrl');
  });

  it('puts each code into the body of a lot shared by many codes', () => {
    const first = JSON.parse(
      traceResponseBody({ code: 'TH26A1105C48B0001', totalPacket: 48, lot: cartonLot }).toString(),
    );
    const second = JSON.parse(
      traceResponseBody({ code: 'TH26A1105C48B0002', totalPacket: 24, lot: cartonLot }).toString(),
    );
    expect(first.Data.Box[0]).toMatchObject({ Code: 'TH26A1105C48B0001', TotalPacket: 48 });
    expect(second.Data.Box[0]).toMatchObject({ Code: 'TH26A1105C48B0002', TotalPacket: 24 });
  });
});
