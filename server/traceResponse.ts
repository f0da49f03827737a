import type { TraceBox, TraceProduct, TraceResponse } from '../src/api/traceContract.ts';

/** One traced code joined with its product and lot, as stored (and as an import row reads). */
export interface CodeRecord {
  code: string;
  productCode: string;
  productName: string | null;
  productUnit: string;
  weight: number | null;
  weightType: string | null;
  productDate: string | null;
  expireDate: string | null;
  /** Set for cartons only: how many units the carton holds. */
  totalPacket: number | null;
}

/** The packaging unit that makes a code a carton (Box) rather than a unit (Products). */
export const CARTON_UNIT = 'thùng';

export function isCarton(record: Pick<CodeRecord, 'productUnit'>): boolean {
  return record.productUnit.normalize('NFC').trim().toLowerCase() === CARTON_UNIT;
}

export function toTraceResponse(record: CodeRecord): TraceResponse {
  const shared = {
    Code: record.code,
    ProductUnit: record.productUnit,
    ProductCode: record.productCode,
    ProductName: record.productName,
    ProductDate: record.productDate,
    ExpireDate: record.expireDate,
  };
  if (isCarton(record)) {
    const box: TraceBox = { ...shared, TotalPacket: record.totalPacket };
    return { Data: { Products: [], Box: [box] } };
  }
  const product: TraceProduct = { ...shared, Weight: record.weight, WeightType: record.weightType };
  return { Data: { Products: [product], Box: [] } };
}
