import { QR_CODE_MAX_LENGTH, QR_CODE_MIN_LENGTH } from '../../src/contract/traceContract.ts';
import type { LotStatus } from '../../src/contract/traceContract.ts';
import { IMAGE_NAME } from '../domain/productImage.ts';
import type { ImportRow } from '../db/importRows.ts';
import { isCarton, normaliseCode } from '../domain/traceCode.ts';
import type { ImageFiles } from './imageFiles.ts';
import { gtin14, hasValidCheckDigit } from '../../src/contract/gs1/checkDigit.ts';

/** Import columns, in the order a CSV header lists them (any order is accepted). */
export const IMPORT_COLUMNS = [
  'code',
  'productCode',
  'productName',
  'productUnit',
  'weight',
  'weightType',
  'lotCode',
  'productDate',
  'expireDate',
  'parentCode',
  'totalPacket',
  'lotStatus',
  'recallReason',
  'productImage',
  'gtin',
] as const;

export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export const REQUIRED_COLUMNS: readonly ImportColumn[] = ['code', 'productCode', 'productUnit', 'lotCode'];

/** Where each import column sits in a source row's values (-1: absent), in IMPORT_COLUMNS order. */
export type ColumnPositions = readonly number[];

const CODE_RE = new RegExp(`^[A-Za-z0-9]{${QR_CODE_MIN_LENGTH},${QR_CODE_MAX_LENGTH}}$`);
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMBER_RE = /^\d+(\.\d+)?$/;
const NON_ASCII = /[^ -~\t\r\n]/;

const at = (column: ImportColumn): number => IMPORT_COLUMNS.indexOf(column);
const CODE = at('code');
const PRODUCT_CODE = at('productCode');
const PRODUCT_NAME = at('productName');
const PRODUCT_UNIT = at('productUnit');
const WEIGHT = at('weight');
const WEIGHT_TYPE = at('weightType');
const LOT_CODE = at('lotCode');
const PRODUCT_DATE = at('productDate');
const EXPIRE_DATE = at('expireDate');
const PARENT_CODE = at('parentCode');
const TOTAL_PACKET = at('totalPacket');
const LOT_STATUS = at('lotStatus');
const RECALL_REASON = at('recallReason');
const PRODUCT_IMAGE = at('productImage');
const GTIN = at('gtin');
const LOT_STATUSES: readonly string[] = ['active', 'recalled'] satisfies LotStatus[];
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Distinct texts remembered per column; past it the column's cache starts again, so memory stays bounded. */
const CACHE_LIMIT = 10_000;

/** A column's value as checked once for a given text: what to store and why it is bad, if it is. */
interface Checked {
  value: string | number | null;
  problems: readonly string[] | undefined;
}

/**
 * Checks rows on their own, filling `row` in place; `check` returns why a row is bad, or undefined.
 * Rules that need other rows (duplicates, parents, one product's or lot's rows agreeing) run later.
 * Millions of rows pass through here: no object or closure is made per row, only its strings. Apart
 * from the codes, a column holds a few hundred distinct texts in a file of millions of rows (one per
 * product or lot), so each distinct text is checked once and its outcome reused: a map lookup
 * instead of regexes, NFC normalisation and number parsing on every row.
 */
export class RowValidator {
  readonly row: ImportRow = {
    code: '',
    productCode: '',
    productName: null,
    productUnit: '',
    weight: null,
    weightType: null,
    lotCode: '',
    productDate: null,
    expireDate: null,
    parentCode: null,
    totalPacket: null,
    isCarton: false,
    lotStatus: null,
    recallReason: null,
    imageUrl: null,
    imageName: null,
    gtin: null,
  };
  private values: readonly unknown[] = [];
  private positions: ColumnPositions = [];
  private reasons: string[] | undefined;
  private readonly checked = IMPORT_COLUMNS.map(() => new Map<string, Checked>());
  private readonly cartonUnits = new Map<string, boolean>();

  /** `images` reads the pictures rows name by file. */
  constructor(private readonly images: ImageFiles) {}

  /** `unknownColumns`: keys of a JSON item that are no import column. */
  check(
    values: readonly unknown[],
    positions: ColumnPositions,
    unknownColumns?: readonly string[],
  ): string[] | undefined {
    this.values = values;
    this.positions = positions;
    this.reasons = unknownColumns?.map((key) => `unknown column '${key}'`);
    const row = this.row;
    row.code = this.codeColumn(CODE) ?? '';
    row.productCode = this.cached(PRODUCT_CODE) as string;
    row.productName = this.cached(PRODUCT_NAME) as string | null;
    row.productUnit = this.cached(PRODUCT_UNIT) as string;
    row.weight = this.cached(WEIGHT) as number | null;
    row.weightType = this.cached(WEIGHT_TYPE) as string | null;
    row.lotCode = this.cached(LOT_CODE) as string;
    row.productDate = this.cached(PRODUCT_DATE) as string | null;
    row.expireDate = this.cached(EXPIRE_DATE) as string | null;
    row.parentCode = this.codeColumn(PARENT_CODE);
    row.totalPacket = this.cached(TOTAL_PACKET) as number | null;
    row.isCarton = this.isCartonUnit(row.productUnit);
    row.lotStatus = this.cached(LOT_STATUS) as LotStatus | null;
    row.recallReason = this.cached(RECALL_REASON) as string | null;
    const image = this.cached(PRODUCT_IMAGE) as string | null;
    const stored = image !== null && IMAGE_NAME.test(image);
    row.imageName = stored ? image : null;
    row.imageUrl = stored ? null : image;
    row.gtin = this.cached(GTIN) as string | null;
    if (row.recallReason !== null && row.lotStatus !== 'recalled')
      this.problem('recallReason is only for a recalled lot (lotStatus recalled)');
    if (row.parentCode !== null && row.parentCode === row.code) this.problem('parentCode is the code itself');
    if (row.totalPacket !== null && !row.isCarton) this.problem('totalPacket is only for cartons (productUnit thùng)');
    if (row.productDate && row.expireDate && row.expireDate < row.productDate)
      this.problem('expireDate is before productDate');
    return this.reasons;
  }

  private problem(reason: string): void {
    (this.reasons ??= []).push(reason);
  }

  private raw(column: number): unknown {
    const at = this.positions[column] as number;
    return at < 0 ? undefined : this.values[at];
  }

  /** A column's value, checked once per distinct text (see the class comment). */
  private cached(column: number): string | number | null {
    const raw = this.raw(column);
    if (typeof raw !== 'string') return this.checkColumn(column);
    const cache = this.checked[column] as Map<string, Checked>;
    let checked = cache.get(raw);
    if (checked === undefined) {
      const rowReasons = this.reasons;
      this.reasons = undefined;
      checked = { value: this.checkColumn(column), problems: this.reasons };
      this.reasons = rowReasons;
      if (typeof checked.value === 'string') checked.value = detached(checked.value);
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(detached(raw), checked);
    }
    if (checked.problems !== undefined) for (const reason of checked.problems) this.problem(reason);
    return checked.value;
  }

  private checkColumn(column: number): string | number | null {
    switch (column) {
      case PRODUCT_CODE:
      case LOT_CODE:
        return this.required(column, 64);
      case PRODUCT_UNIT:
        return this.required(column, 32);
      case PRODUCT_NAME:
        return this.text(column, 200);
      case WEIGHT_TYPE:
        return this.text(column, 16);
      case PRODUCT_DATE:
      case EXPIRE_DATE:
        return this.date(column);
      case WEIGHT:
        return this.number(column, false);
      case LOT_STATUS:
        return this.lotStatus(column);
      case RECALL_REASON:
        return this.text(column, 500);
      case PRODUCT_IMAGE:
        return this.image(column);
      case GTIN:
        return this.gtin(column);
      default:
        return this.number(column, true);
    }
  }

  /** Codes are all distinct: the usual one (letters and digits, upper-case) is taken as it is, without a regex. */
  private codeColumn(column: number): string | null {
    const raw = this.raw(column);
    if (typeof raw === 'string' && isStoredCode(raw)) return raw;
    return this.code(column, column === CODE ? this.required(column, 64) : this.text(column, 64));
  }

  private isCartonUnit(unit: string): boolean {
    let carton = this.cartonUnits.get(unit);
    if (carton === undefined) {
      carton = isCarton({ productUnit: unit });
      if (this.cartonUnits.size >= CACHE_LIMIT) this.cartonUnits.clear();
      this.cartonUnits.set(unit, carton);
    }
    return carton;
  }

  private text(column: number, maxLength: number): string | null {
    const value = this.raw(column);
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string' && typeof value !== 'number') {
      this.problem(`${IMPORT_COLUMNS[column]} must be text or a number`);
      return null;
    }
    let trimmed = String(value);
    // NFC only changes text outside printable ASCII, and most import values are just that.
    if (NON_ASCII.test(trimmed)) trimmed = trimmed.normalize('NFC');
    trimmed = trimmed.trim();
    if (trimmed.length > maxLength) this.problem(`${IMPORT_COLUMNS[column]} is longer than ${maxLength} characters`);
    return trimmed === '' ? null : trimmed;
  }

  private required(column: number, maxLength: number): string {
    const value = this.text(column, maxLength);
    if (value === null) this.problem(`${IMPORT_COLUMNS[column]} is required`);
    return value ?? '';
  }

  private code(column: number, value: string | null): string | null {
    if (value === null) return null;
    if (!CODE_RE.test(value)) {
      this.problem(
        `${IMPORT_COLUMNS[column]} '${value}' must be ${QR_CODE_MIN_LENGTH} to ${QR_CODE_MAX_LENGTH} letters and digits`,
      );
    }
    return normaliseCode(value);
  }

  private date(column: number): string | null {
    const value = this.text(column, 10);
    if (value !== null && !isCalendarDate(value))
      this.problem(`${IMPORT_COLUMNS[column]} '${value}' is not a date YYYY-MM-DD`);
    return value;
  }

  private lotStatus(column: number): string | null {
    const value = this.text(column, 16)?.toLowerCase() ?? null;
    if (value !== null && !LOT_STATUSES.includes(value))
      this.problem(`${IMPORT_COLUMNS[column]} '${value}' must be active or recalled`);
    return value;
  }

  /** An https URL as it is, or a picture file beside the import, read and named by its content. */
  private image(column: number): string | null {
    const value = this.text(column, 1000);
    if (value === null) return null;
    if (URL_SCHEME.test(value)) {
      if (!/^https:\/\/[^/\s]+[^\s]*$/i.test(value) || !URL.canParse(value)) {
        this.problem(
          `${IMPORT_COLUMNS[column]} '${value}' must be an https URL or a picture file beside the import file`,
        );
      }
      return value;
    }
    const read = this.images.read(value);
    if ('problem' in read) this.problem(read.problem);
    return 'name' in read ? read.name : null;
  }

  /** A GTIN-8, -12, -13 or -14 whose check digit holds, stored as the 14 digits GS1 Digital Links carry. */
  private gtin(column: number): string | null {
    const value = this.text(column, 14);
    if (value === null) return null;
    const padded = gtin14(value);
    if (padded === null) this.problem(`${IMPORT_COLUMNS[column]} '${value}' must be a GTIN of 8, 12, 13 or 14 digits`);
    else if (!hasValidCheckDigit(padded))
      this.problem(`${IMPORT_COLUMNS[column]} '${value}' has a wrong check digit (GS1 mod 10)`);
    return padded ?? value;
  }

  private number(column: number, integer: boolean): number | null {
    const value = this.text(column, 32);
    if (value === null) return null;
    const n = Number(value);
    if (!NUMBER_RE.test(value) || n <= 0 || (integer && !Number.isInteger(n))) {
      this.problem(`${IMPORT_COLUMNS[column]} '${value}' must be a positive ${integer ? 'whole number' : 'number'}`);
      return null;
    }
    return n;
  }
}

/**
 * A copy of `text` that keeps nothing else in memory. V8 cuts substrings (split, slice) as views of the
 * string they came from: one field kept from a row would keep its whole 1 MB chunk of the file alive,
 * and a file's worth of chunks piled up behind the caches and the catalogue. Exact for any string.
 */
export function detached(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}

/** A code as it is stored: the contract's length, only digits and upper-case letters (so nothing to trim or fold). */
function isStoredCode(text: string): boolean {
  if (text.length < QR_CODE_MIN_LENGTH || text.length > QR_CODE_MAX_LENGTH) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90))) return false;
  }
  return true;
}

function isCalendarDate(text: string): boolean {
  const match = DATE_RE.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
