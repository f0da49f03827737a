import type { TraceBox, TraceItemExtras, TraceProduct, TraceResponse } from '../src/api/traceContract.ts';
import { isCarton, type CodeRecord, type ProductLot, type StoredCode } from './domain/traceCode.ts';

/**
 * The contract's optional fields for one code (issue 12). The store does not keep them yet, so the
 * service sends none; whoever passes them gets them after the specification's fields.
 */
export interface TraceBodyExtras extends TraceItemExtras {
  CartonCode?: string | null;
  CartonTotalPacket?: number | null;
  UnitCodes?: string[] | null;
}

/** Only the optional fields that apply to this kind of item, and only those given. */
function extrasFor(kind: 'unit' | 'carton', { CartonCode, CartonTotalPacket, UnitCodes, ...lot }: TraceBodyExtras) {
  const own = kind === 'unit' ? { CartonCode, CartonTotalPacket } : { UnitCodes };
  return Object.fromEntries(Object.entries({ ...own, ...lot }).filter(([, value]) => value !== undefined));
}

/** The contract's answer for one code, fields in the order the specification lists them, then the optional ones. */
export function toTraceResponse(record: CodeRecord, extras: TraceBodyExtras = {}): TraceResponse {
  const { code, productUnit, productCode, productName, productDate, expireDate } = record;
  if (isCarton(record)) {
    const box: TraceBox = {
      Code: code,
      ProductUnit: productUnit,
      ProductCode: productCode,
      ProductName: productName,
      ProductDate: productDate,
      ExpireDate: expireDate,
      TotalPacket: record.totalPacket,
      ...extrasFor('carton', extras),
    };
    return { Data: { Products: [], Box: [box] } };
  }
  const product: TraceProduct = {
    Code: code,
    ProductUnit: productUnit,
    ProductCode: productCode,
    ProductName: productName,
    Weight: record.weight,
    WeightType: record.weightType,
    ProductDate: productDate,
    ExpireDate: expireDate,
    ...extrasFor('unit', extras),
  };
  return { Data: { Products: [product], Box: [] } };
}

/**
 * The JSON of one lot's answer, cut around the only parts that vary by code. `Code` is the item's
 * first field and `TotalPacket` a box's last, and JSON escapes every quote inside a value, so the
 * cuts can only fall on the structure, never inside the lot's text.
 */
interface BodyTemplate {
  beforeCode: Buffer;
  afterCode: Buffer;
  /** Cartons only: what follows TotalPacket's number. */
  afterTotal: Buffer | undefined;
}

const CODE_FIELD = '"Code":';
const TOTAL_FIELD = '"TotalPacket":';

function bodyTemplate(lot: ProductLot): BodyTemplate {
  const json = JSON.stringify(toTraceResponse({ ...lot, code: '', totalPacket: 0 }));
  const codeAt = json.indexOf(CODE_FIELD) + CODE_FIELD.length;
  const beforeCode = Buffer.from(json.slice(0, codeAt));
  const afterEmptyCode = json.slice(codeAt + '""'.length);
  if (!isCarton(lot)) return { beforeCode, afterCode: Buffer.from(afterEmptyCode), afterTotal: undefined };
  const totalAt = afterEmptyCode.lastIndexOf(TOTAL_FIELD) + TOTAL_FIELD.length;
  return {
    beforeCode,
    afterCode: Buffer.from(afterEmptyCode.slice(0, totalAt)),
    afterTotal: Buffer.from(afterEmptyCode.slice(totalAt + '0'.length)),
  };
}

const templates = new WeakMap<ProductLot, BodyTemplate>();

/**
 * The same bytes as `JSON.stringify(toTraceResponse(...))`, built from the lot's template: the hot path
 * of the service, where serialising and UTF-8 encoding every answer anew cost more than the lookup.
 */
export function traceResponseBody({ code, totalPacket, lot }: StoredCode): Buffer {
  let template = templates.get(lot);
  if (template === undefined) {
    template = bodyTemplate(lot);
    templates.set(lot, template);
  }
  const parts = [template.beforeCode, Buffer.from(JSON.stringify(code)), template.afterCode];
  if (template.afterTotal) parts.push(Buffer.from(JSON.stringify(totalPacket)), template.afterTotal);
  return Buffer.concat(parts);
}
