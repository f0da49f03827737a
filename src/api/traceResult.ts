import { TRACE_SERVICE_ORIGIN } from '@/config';
import { QR_CODE_MAX_LENGTH, QR_CODE_MIN_LENGTH, type TraceBox, type TraceProduct } from '@/contract/traceContract';
import type { CalendarDay } from '@/contract/vietnamDay';
import { parseWireDate } from '@/shared/dates/calendarDay';
import { isRecord, wireText } from './wireValues';

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

/** A carton's unit codes the page lists before its "Show all" button. */
export const UNITS_SHOWN_FIRST = 10;
/**
 * The most unit codes a server-rendered page carries inline. A real carton holds 12-48, so its "Show all"
 * stays instant (even before the script runs); a carton of 50,000 made a 1 MB page and ~40 ms of the page
 * server's CPU for codes the page does not list: past this bound it carries the listed ones and their number.
 */
export const UNITS_INLINE_MAX = 500;

/** The result as a server-rendered page carries it: a carton past UNITS_INLINE_MAX keeps its listed codes. */
export function unitsForPage(result: TraceResult): TraceResult {
  const { unitCodes } = result.extras;
  if (unitCodes.length <= UNITS_INLINE_MAX) return result;
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

const CODE = new RegExp(`^[A-Za-z0-9]{${QR_CODE_MIN_LENGTH},${QR_CODE_MAX_LENGTH}}$`);

function firstRecord(list: unknown): Record<string, unknown> | null {
  if (!Array.isArray(list)) return null;
  const first: unknown = list[0];
  return isRecord(first) ? first : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function traceCode(value: unknown): string | null {
  const code = text(value);
  return code !== null && CODE.test(code) ? code : null;
}

/** A carton's valid unit codes, in one pass: a code as sent (no spaces to trim) is taken as it is. */
function unitCodesOf(list: unknown[]): string[] {
  const codes: string[] = [];
  for (const value of list) {
    const code = typeof value === 'string' && CODE.test(value) ? value : traceCode(value);
    if (code !== null) codes.push(code);
  }
  return codes;
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
  const cartonCode = kind === 'product' ? traceCode(item.CartonCode) : null;
  const unitCodes = kind === 'box' && Array.isArray(item.UnitCodes) ? unitCodesOf(item.UnitCodes) : [];
  return {
    lot: lotOf(item),
    imageUrl: imageUrlOf(item.ImageUrl),
    carton: cartonCode === null ? null : { code: cartonCode, unitCount: countOf(item.CartonTotalPacket) },
    // Frozen at once: Immer, as the store takes the result in, walks every value not yet frozen (and
    // freezes it), which for a carton of 50,000 codes cost a server render about 25 ms; a frozen list it skips.
    unitCodes: Object.freeze(unitCodes),
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
    const { UnitCodes: _raw, ...item } = box;
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
