import type { ReportFields } from '../../src/contract/reports.ts';
import type { DayTaken } from '../reports/reportDays.ts';
import type { Delivery, ReportListFilter, ReportRow, StoredReport } from '../reports/reportStore.ts';

// The reports' reads, one text for both databases: only placeholders (? in SQLite, $n in PostgreSQL) and how a
// lot's dates read (text in SQLite, date in PostgreSQL) differ.

export interface Dialect {
  /** The n-th value (from 1). */
  placeholder(n: number): string;
  /** A date column as YYYY-MM-DD text. */
  day(column: string): string;
}

export const SQLITE: Dialect = { placeholder: () => '?', day: (column) => column };
export const POSTGRES: Dialect = {
  placeholder: (n) => `$${n}`,
  day: (column) => `to_char(${column}, 'YYYY-MM-DD') AS ${column.split('.')[1]}`,
};

/** A report's columns (with its pack's) and its code's facts (lookup counts, lot, GTIN), never the photo's bytes. */
const columns = ({ day }: Dialect) => `r.id, r.reference, r.code, r.reason, r.province, r.shop, r.address,
  r.bought_on, r.phone, r.photo_type, r.created_hour, r.status, r.closed_note, r.closed_day,
  r.pack_gtin, r.pack_lot, r.pack_expiry,
  k.first_day, k.lookups, k.networks,
  l.lot_code, p.product_code, p.gtin, p.product_name, p.product_unit, ${day('l.product_date')}, ${day('l.expire_date')}, l.lot_status`;

const REPORT_FROM = `FROM reports r
  LEFT JOIN check_codes k ON k.code = r.code
  LEFT JOIN codes c ON c.code = r.code
  LEFT JOIN products p ON p.id = c.product_id
  LEFT JOIN lots l ON l.id = c.lot_id`;

/** The insert of a new report's row (reportRow) and its values, in the row's order. */
export function insertQuery(
  row: ReportRow,
  { placeholder }: Dialect,
): { sql: string; values: ReportRow[keyof ReportRow][] } {
  const columns = Object.keys(row);
  return {
    sql: `INSERT INTO reports (${columns.join(', ')}) VALUES (${columns.map((_, i) => placeholder(i + 1)).join(', ')})`,
    values: Object.values(row),
  };
}

/** The list's query and its values; `placeholder(n)` names the n-th value (from 1). */
export function listQuery(filter: ReportListFilter, dialect: Dialect): { sql: string; values: (string | number)[] } {
  const { placeholder } = dialect;
  const values: (string | number)[] = [filter.status];
  const where = [`r.status = ${placeholder(1)}`];
  const add = (column: string, value: string | number | undefined, operator = '=') => {
    if (value === undefined) return;
    values.push(value);
    where.push(`${column} ${operator} ${placeholder(values.length)}`);
  };
  add('r.province', filter.province);
  add('r.reason', filter.reason);
  add('r.code', filter.code);
  add('r.id', filter.before, '<');
  values.push(filter.limit);
  return {
    sql: `SELECT ${columns(dialect)} ${REPORT_FROM} WHERE ${where.join(' AND ')} ORDER BY r.id DESC LIMIT ${placeholder(values.length)}`,
    values,
  };
}

/** One report by reference. */
export const oneQuery = (dialect: Dialect) =>
  `SELECT ${columns(dialect)} ${REPORT_FROM} WHERE r.reference = ${dialect.placeholder(1)}`;

/** Reports sent from an hour on, newest first (the CSV). */
export const sinceQuery = (dialect: Dialect) =>
  `SELECT ${columns(dialect)} ${REPORT_FROM} WHERE r.created_hour >= ${dialect.placeholder(1)} ORDER BY r.id DESC LIMIT ${dialect.placeholder(2)}`;

type Row = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** What a day had taken before a report, from its report_days row once the report was counted in it. */
export function takenBefore(counted: { reports: unknown; photo_bytes: unknown }, photoBytes: number): DayTaken {
  return { reports: Number(counted.reports) - 1, photoBytes: Number(counted.photo_bytes) - photoBytes };
}

/** What a delivery's claim reads of a report: what the brand's system gets, never the photo's bytes. */
export const DELIVERY_COLUMNS = `id, reference, code, reason, province, shop, address, bought_on, phone, photo_type,
  created_hour, pack_gtin, pack_lot, pack_expiry, delivery_attempts`;

/** The shopper's fields of a report's row. */
function fieldsOf(row: Row): ReportFields {
  return {
    code: String(row.code),
    reason: row.reason as ReportFields['reason'],
    province: row.province as ReportFields['province'],
    shop: text(row.shop),
    address: text(row.address),
    boughtOn: text(row.bought_on),
    phone: text(row.phone),
    pack:
      row.pack_gtin === null || row.pack_gtin === undefined
        ? null
        : { gtin: String(row.pack_gtin), lot: text(row.pack_lot), expiry: text(row.pack_expiry) },
  };
}

const hasPhoto = (row: Row) => row.photo_type !== null && row.photo_type !== undefined;

/** A row of DELIVERY_COLUMNS as the webhook's sender reads it. */
export function claimedDelivery(row: Row): Delivery {
  return {
    report: {
      ...fieldsOf(row),
      reference: String(row.reference),
      hasPhoto: hasPhoto(row),
      createdHour: String(row.created_hour),
    },
    attempts: Number(row.delivery_attempts),
  };
}

/** A row of `columns` as the service reads it. */
export function storedReport(row: Row): StoredReport {
  return {
    ...fieldsOf(row),
    id: Number(row.id),
    reference: String(row.reference),
    hasPhoto: hasPhoto(row),
    createdHour: String(row.created_hour),
    status: row.status as StoredReport['status'],
    closedNote: text(row.closed_note),
    closedDay: text(row.closed_day),
    facts: {
      firstDay: text(row.first_day),
      lookups: Number(row.lookups ?? 0),
      networks: String(row.networks ?? ''),
      lot:
        row.product_code === null || row.product_code === undefined
          ? null
          : {
              lotCode: String(row.lot_code),
              productCode: String(row.product_code),
              gtin: text(row.gtin),
              productName: text(row.product_name),
              productUnit: String(row.product_unit),
              productDate: text(row.product_date),
              expireDate: text(row.expire_date),
              lotStatus: (text(row.lot_status) as 'active' | 'recalled' | null) ?? null,
            },
    },
  };
}
