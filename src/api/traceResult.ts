import { TRACE_SERVICE_ORIGIN } from '@/config';
import type { TraceBox, TraceProduct } from '@/contract/traceContract';
import { traceCodeOf, UNIT_TOTAL, UNITS_INLINE_MAX, UNITS_SHOWN_FIRST, unitCodesOf } from '@/contract/unitCodes';
import type { CalendarDay } from '@/contract/vietnamDay';
import { parseWireDate } from '@/shared/dates/calendarDay';
import { isRecord, wireText } from './wireValues';

export { UNITS_INLINE_MAX, UNITS_SHOWN_FIRST };

/** The lot's status when the service says it; only a recall changes what the page shows. */
export interface LotInfo {
  status: 'active' | 'recalled';
  reason: string | null;
}

/** What the optional fields of the answer add, checked: anything malformed is as if not sent. */
export interface TraceExtras {
  lot: LotInfo | null;
  imageUrl: string | null;
  /** For a unit: the carton it was packed in, and how many units that carton holds when known. */
  carton: { code: string; unitCount: number | null } | null;
  /** For a carton: the codes of its units (empty when not sent), frozen; the box itself keeps none. */
  unitCodes: readonly string[];
  /**
   * Set only when `unitCodes` is not the whole list (a big carton in a server-rendered page's state, see
   * unitsForPage): how many valid codes the answer holds. The whole list is then a lookup of its own.
   */
  unitTotal?: number;
}

/** The result as a server-rendered page carries it: a carton past UNITS_INLINE_MAX keeps its listed codes. */
export function unitsForPage(result: TraceResult): TraceResult {
  const { unitCodes, unitTotal } = result.extras;
  if (unitTotal !== undefined || unitCodes.length <= UNITS_INLINE_MAX) return result;
  return {
    ...result,
    extras: {
      ...result.extras,
      unitCodes: Object.freeze(unitCodes.slice(0, UNITS_SHOWN_FIRST)),
      unitTotal: unitCodes.length,
    },
  };
}

/** What the service counted of shoppers' lookups of the code, checked (see TraceChecks in the contract). */
export interface CodeChecks {
  firstDay: CalendarDay;
  lookups: number;
  networks: number;
  caution: boolean;
}

/**
 * What a code turned out to be: a carton (box) or a single product. Decided here, once. `checks` is null
 * when the service does not count lookups (the company's own service) or sent something malformed.
 */
export type TraceResult = ({ kind: 'box'; box: TraceBox } | { kind: 'product'; product: TraceProduct }) & {
  extras: TraceExtras;
  checks: CodeChecks | null;
};

function firstRecord(list: unknown): Record<string, unknown> | null {
  if (!Array.isArray(list)) return null;
  const first: unknown = list[0];
  return isRecord(first) ? first : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function lotOf(item: Record<string, unknown>): LotInfo | null {
  const status = text(item.LotStatus)?.toLowerCase();
  if (status !== 'active' && status !== 'recalled') return null;
  return { status, reason: text(item.RecallReason) };
}

/**
 * Only a picture the page may show: an http(s) URL, or a path (not '//host') on the trace service's
 * origin, which is the page's own unless `serviceOrigin` says otherwise.
 */
export function imageUrlOf(value: unknown, serviceOrigin: string | null = TRACE_SERVICE_ORIGIN): string | null {
  const url = text(value);
  if (url === null) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return serviceOrigin === null ? url : `${serviceOrigin}${url}`;
  return /^https?:\/\/[^/\s]/i.test(url) ? url : null;
}

function countOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

function extrasOf(item: Record<string, unknown>, kind: TraceResult['kind']): TraceExtras {
  const cartonCode = kind === 'product' ? traceCodeOf(item.CartonCode) : null;
  const unitCodes = kind === 'box' && Array.isArray(item.UnitCodes) ? unitCodesOf(item.UnitCodes) : [];
  // A big carton's answer the page server trimmed for its render: the listed codes, and their whole number.
  const total = kind === 'box' ? (item as { [UNIT_TOTAL]?: unknown })[UNIT_TOTAL] : undefined;
  const trimmed = typeof total === 'number' && Number.isSafeInteger(total) && total > unitCodes.length;
  return {
    lot: lotOf(item),
    imageUrl: imageUrlOf(item.ImageUrl),
    carton: cartonCode === null ? null : { code: cartonCode, unitCount: countOf(item.CartonTotalPacket) },
    // Frozen at once: Immer, as the store takes the result in, walks every value not yet frozen (and
    // freezes it), which for a carton of 50,000 codes cost a server render about 25 ms; a frozen list it skips.
    unitCodes: Object.freeze(unitCodes),
    ...(trimmed && { unitTotal: total }),
  };
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The answer's Checks, or null: a count the page would have to guess at is better not shown at all. */
export function checksOf(value: unknown): CodeChecks | null {
  if (!isRecord(value)) return null;
  const firstDay =
    typeof value.FirstDay === 'string' && DAY_ONLY.test(value.FirstDay) ? parseWireDate(value.FirstDay) : null;
  const lookups = countOf(value.Lookups);
  const networks = countOf(value.Networks);
  if (firstDay === null || lookups === null || networks === null || typeof value.Caution !== 'boolean') return null;
  return { firstDay, lookups, networks, caution: value.Caution };
}

/**
 * Each body read once: a server render reads its answer twice (its store, then the render cache's
 * slots), a carton's 50,000 unit codes each time; the result is never changed (the store freezes it).
 */
const picked = new WeakMap<object, TraceResult | null>();

/** The first box wins over the first product; null (HTTP 204 or an empty answer) means no products. */
export function pickTraceResult(body: unknown): TraceResult | null {
  if (!isRecord(body)) return null;
  const known = picked.get(body);
  if (known !== undefined) return known;
  const result = pickFrom(body);
  picked.set(body, result);
  return result;
}

function pickFrom(body: Record<string, unknown>): TraceResult | null {
  if (!isRecord(body.Data)) return null;
  const { Box, Products } = body.Data;
  const checks = checksOf(body.Checks);
  const box = firstRecord(Box);
  if (box) {
    // The unit codes once, checked, in extras: the raw list beside them doubled a carton's state (50,000
    // codes, 2 MB in the server-rendered page), and nothing reads it.
    const { UnitCodes: _raw, [UNIT_TOTAL]: _total, ...item } = box as typeof box & { [UNIT_TOTAL]?: unknown };
    return { kind: 'box', box: item as unknown as TraceBox, extras: extrasOf(box, 'box'), checks };
  }
  const product = firstRecord(Products);
  return product
    ? { kind: 'product', product: product as unknown as TraceProduct, extras: extrasOf(product, 'product'), checks }
    : null;
}

/** What the code names: the carton or the unit. The page, this device's history and the desk read this one. */
export function traceItem(result: TraceResult): TraceBox | TraceProduct {
  return result.kind === 'box' ? result.box : result.product;
}

/** The product's name as the table shows it (a number too), or null: the summary then says it is missing. */
export function productName(result: TraceResult): string | null {
  return wireText(traceItem(result).ProductName);
}
