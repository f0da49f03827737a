import type {
  TraceBox,
  TraceChecks,
  TraceItemExtras,
  TraceProduct,
  TraceResponse,
} from '../../src/contract/traceContract.ts';
import { isCarton, type CodeRecord, type ProductLot, type StoredCode } from './traceCode.ts';

/** The contract's optional fields for one code (issue 12): the lot's, then where the item belongs. */
export interface TraceBodyExtras extends TraceItemExtras {
  CartonCode?: string | null;
  CartonTotalPacket?: number | null;
  UnitCodes?: readonly string[] | null;
}

/**
 * The lot's optional fields, those it has. The GTIN and the lot's code (issue 39) come with a product that has a
 * GTIN: only a GS1 Digital Link names a lot for the page to compare, and a brand without GTINs answers as before.
 */
function lotExtras({ lotStatus, recallReason, imageUrl, gtin, lotCode }: ProductLot): TraceItemExtras {
  return {
    ...(lotStatus === null ? {} : { LotStatus: lotStatus }),
    ...(recallReason === null ? {} : { RecallReason: recallReason }),
    ...(imageUrl === null ? {} : { ImageUrl: imageUrl }),
    ...(gtin ? { Gtin: gtin, ...(lotCode ? { Lot: lotCode } : {}) } : {}),
  };
}

/**
 * Where a stored code belongs, as the optional fields say it: a carton's units, a unit's carton;
 * nothing for a code on its own, and nothing that does not apply to its kind.
 */
function relationExtras({ carton, unitCodes }: StoredCode, kind: 'unit' | 'carton'): TraceBodyExtras {
  if (kind === 'carton') return unitCodes !== undefined && unitCodes.length > 0 ? { UnitCodes: unitCodes } : {};
  if (carton === undefined) return {};
  return { CartonCode: carton.code, ...(carton.totalPacket === null ? {} : { CartonTotalPacket: carton.totalPacket }) };
}

/** Only the optional fields that apply to this kind of item, and only those given: the lot's first. */
function extrasFor(kind: 'unit' | 'carton', { CartonCode, CartonTotalPacket, UnitCodes, ...lot }: TraceBodyExtras) {
  const own = kind === 'unit' ? { CartonCode, CartonTotalPacket } : { UnitCodes };
  return Object.fromEntries(Object.entries({ ...lot, ...own }).filter(([, value]) => value !== undefined));
}

/**
 * The contract's answer for one code, fields in the order the specification lists them, then the
 * optional ones: the record's lot fields, overridden or completed by `extras`.
 */
export function toTraceResponse(record: CodeRecord, extras: TraceBodyExtras = {}): TraceResponse {
  const { code, productUnit, productCode, productName, productDate, expireDate } = record;
  const optional = { ...lotExtras(record), ...extras };
  if (isCarton(record)) {
    const box: TraceBox = {
      Code: code,
      ProductUnit: productUnit,
      ProductCode: productCode,
      ProductName: productName,
      ProductDate: productDate,
      ExpireDate: expireDate,
      TotalPacket: record.totalPacket,
      ...extrasFor('carton', optional),
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
    ...extrasFor('unit', optional),
  };
  return { Data: { Products: [product], Box: [] } };
}

/** The answer for a stored code, with where it belongs. */
export function storedTraceResponse(stored: StoredCode): TraceResponse {
  const { code, totalPacket, lot } = stored;
  return toTraceResponse({ ...lot, code, totalPacket }, relationExtras(stored, isCarton(lot) ? 'carton' : 'unit'));
}

/**
 * The JSON of one lot's answer, cut around the only parts that vary by code: the code, a carton's
 * unit count, and where the item belongs (its last fields). `Code` is the item's first field,
 * `TotalPacket` a box's last required one, and the item the only object closed right before its
 * array; JSON escapes every quote inside a value, so the cuts can only fall on the structure, never
 * inside the lot's text.
 */
interface BodyTemplate {
  beforeCode: Buffer;
  afterCode: Buffer;
  /** Cartons only: what follows TotalPacket's number, up to the end of the item's fields. */
  afterTotal: Buffer | undefined;
  /** From the end of the item's fields to the end of the body. */
  end: Buffer;
}

const CODE_FIELD = '"Code":';
const TOTAL_FIELD = '"TotalPacket":';
const ITEM_END = '}]';

function bodyTemplate(lot: ProductLot): BodyTemplate {
  const json = JSON.stringify(toTraceResponse({ ...lot, code: '', totalPacket: 0 }));
  const codeAt = json.indexOf(CODE_FIELD) + CODE_FIELD.length;
  const itemEnd = json.lastIndexOf(ITEM_END);
  const beforeCode = Buffer.from(json.slice(0, codeAt));
  const end = Buffer.from(json.slice(itemEnd));
  const item = json.slice(codeAt + '""'.length, itemEnd);
  if (!isCarton(lot)) return { beforeCode, afterCode: Buffer.from(item), afterTotal: undefined, end };
  const totalAt = item.indexOf(TOTAL_FIELD) + TOTAL_FIELD.length;
  return {
    beforeCode,
    afterCode: Buffer.from(item.slice(0, totalAt)),
    afterTotal: Buffer.from(item.slice(totalAt + '0'.length)),
    end,
  };
}

const templates = new WeakMap<ProductLot, BodyTemplate>();

/** The item's last fields as JSON, with the comma before them; '' when it has none. */
function relationsJson(stored: StoredCode, kind: 'unit' | 'carton'): string {
  const { carton } = stored;
  // Most answers are units: their two fields are written out rather than built and serialised.
  if (kind === 'unit') {
    if (carton === undefined) return '';
    const total = carton.totalPacket === null ? '' : `,"CartonTotalPacket":${JSON.stringify(carton.totalPacket)}`;
    return `,"CartonCode":${JSON.stringify(carton.code)}${total}`;
  }
  const relations = relationExtras(stored, kind);
  return Object.keys(relations).length === 0 ? '' : `,${JSON.stringify(relations).slice(1, -1)}`;
}

/** Checks as the body's last field, written out: the API answers every counted lookup with them. */
export const checksJson = ({ FirstDay, Lookups, Networks, Caution }: TraceChecks): string =>
  `,"Checks":{"FirstDay":${JSON.stringify(FirstDay)},"Lookups":${Lookups},"Networks":${Networks},"Caution":${Caution}}}`;

/**
 * The same bytes as `JSON.stringify(storedTraceResponse(...))` (with `Checks` last when given), built
 * from the lot's template: the hot path of the service, where serialising and UTF-8 encoding every
 * answer anew cost more than the lookup.
 */
export function traceResponseBody(stored: StoredCode, checks?: TraceChecks): Buffer {
  const { code, totalPacket, lot } = stored;
  let template = templates.get(lot);
  if (template === undefined) {
    template = bodyTemplate(lot);
    templates.set(lot, template);
  }
  const parts = [template.beforeCode, Buffer.from(JSON.stringify(code)), template.afterCode];
  if (template.afterTotal) parts.push(Buffer.from(JSON.stringify(totalPacket)), template.afterTotal);
  const relations = relationsJson(stored, template.afterTotal === undefined ? 'unit' : 'carton');
  if (relations !== '') parts.push(Buffer.from(relations));
  if (checks === undefined) parts.push(template.end);
  // Checks goes last, before the body's closing brace (a view of the same bytes, not a copy).
  else parts.push(template.end.subarray(0, -1), Buffer.from(checksJson(checks)));
  return Buffer.concat(parts);
}
