import { QR_CODE_MAX_LENGTH, QR_CODE_MIN_LENGTH } from '../../src/api/traceContract.ts';
import { isCarton, normaliseCode, type CodeRecord } from '../domain/traceCode.ts';

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
] as const;

export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export const REQUIRED_COLUMNS: readonly ImportColumn[] = ['code', 'productCode', 'productUnit', 'lotCode'];

/** A validated row, normalised the way the service stores and looks codes up. */
export interface ImportRow extends CodeRecord {
  lotCode: string;
  parentCode: string | null;
  isCarton: boolean;
}

export type RowResult = { row: ImportRow } | { reasons: string[] };

const CODE_RE = new RegExp(`^[A-Za-z0-9]{${QR_CODE_MIN_LENGTH},${QR_CODE_MAX_LENGTH}}$`);
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;


/** Checks one row on its own; rules that need other rows (duplicates, parents) run after staging. */
export function validateRow(raw: Record<string, unknown>): RowResult {
  const reasons: string[] = [];
  for (const key of Object.keys(raw)) {
    if (!(IMPORT_COLUMNS as readonly string[]).includes(key)) reasons.push(`unknown column '${key}'`);
  }
  const text = (column: ImportColumn, maxLength: number): string | null => {
    const value = raw[column];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string' && typeof value !== 'number') {
      reasons.push(`${column} must be text or a number`);
      return null;
    }
    const trimmed = String(value).normalize('NFC').trim();
    if (trimmed.length > maxLength) reasons.push(`${column} is longer than ${maxLength} characters`);
    return trimmed === '' ? null : trimmed;
  };
  const required = (column: ImportColumn, maxLength: number): string => {
    const value = text(column, maxLength);
    if (value === null) reasons.push(`${column} is required`);
    return value ?? '';
  };
  const code = (column: ImportColumn, value: string | null) => {
    if (value !== null && !CODE_RE.test(value)) {
      reasons.push(`${column} '${value}' must be ${QR_CODE_MIN_LENGTH} to ${QR_CODE_MAX_LENGTH} letters and digits`);
    }
    return value === null ? null : normaliseCode(value);
  };
  const date = (column: ImportColumn) => {
    const value = text(column, 10);
    if (value !== null && !isCalendarDate(value)) reasons.push(`${column} '${value}' is not a date YYYY-MM-DD`);
    return value;
  };
  const number = (column: ImportColumn, integer: boolean) => {
    const value = text(column, 32);
    if (value === null) return null;
    const n = Number(value);
    if (!/^\d+(\.\d+)?$/.test(value) || n <= 0 || (integer && !Number.isInteger(n))) {
      reasons.push(`${column} '${value}' must be a positive ${integer ? 'whole number' : 'number'}`);
      return null;
    }
    return n;
  };

  const row: ImportRow = {
    code: code('code', required('code', 64)) ?? '',
    productCode: required('productCode', 64),
    productName: text('productName', 200),
    productUnit: required('productUnit', 32),
    weight: number('weight', false),
    weightType: text('weightType', 16),
    lotCode: required('lotCode', 64),
    productDate: date('productDate'),
    expireDate: date('expireDate'),
    parentCode: code('parentCode', text('parentCode', 64)),
    totalPacket: number('totalPacket', true),
    isCarton: false,
  };
  row.isCarton = isCarton(row);
  if (row.parentCode !== null && row.parentCode === row.code) reasons.push('parentCode is the code itself');
  if (row.totalPacket !== null && !row.isCarton) reasons.push('totalPacket is only for cartons (productUnit thùng)');
  if (row.productDate && row.expireDate && row.expireDate < row.productDate) {
    reasons.push('expireDate is before productDate');
  }
  return reasons.length > 0 ? { reasons } : { row };
}

function isCalendarDate(text: string): boolean {
  const match = DATE_RE.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
