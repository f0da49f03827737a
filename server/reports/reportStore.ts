// What the shoppers' reports need of a database (SQLite or PostgreSQL: server/db/*/reportStore.ts), issue 41.
import type {
  ReportFields,
  ReportListQuery,
  ReportLot,
  ReportPhotoType,
  ReportStatus,
} from '../../src/contract/reports.ts';

/** A report as the service stores it: exactly what the shopper typed or chose, the code and the hour. */
export interface NewReport extends ReportFields {
  reference: string;
  /** Normalised (trimmed, upper-case). */
  code: string;
  photo: { type: ReportPhotoType; body: Buffer } | null;
  /** ISO, to the hour (UTC): 2026-11-27T12:00:00.000Z. */
  createdHour: string;
}

/**
 * A new report's row in `reports`, column by column, for either database's insert (server/db/reportRows.ts):
 * a column added to reports is added here once.
 */
export function reportRow(report: NewReport) {
  return {
    reference: report.reference,
    code: report.code,
    reason: report.reason,
    province: report.province,
    shop: report.shop,
    address: report.address,
    bought_on: report.boughtOn,
    phone: report.phone,
    photo: report.photo?.body ?? null,
    photo_type: report.photo?.type ?? null,
    created_hour: report.createdHour,
  };
}
export type ReportRow = ReturnType<typeof reportRow>;

/** What is stored of a code that reports need beside them: its lookup counts and its lot, as read. */
export interface CodeFactsRow {
  firstDay: string | null;
  lookups: number;
  /** check_codes.networks (server/checks/networkDays.ts). */
  networks: string;
  lot: ReportLot | null;
}

/** A stored report as the desk reads it, with its code's stored facts. */
export interface StoredReport extends Omit<NewReport, 'photo'> {
  /** The row's number: newest first, and the cursor of the list. */
  id: number;
  hasPhoto: boolean;
  status: ReportStatus;
  closedNote: string | null;
  closedDay: string | null;
  facts: CodeFactsRow;
}

/** The report's webhook delivery waiting in the outbox. */
export interface OutboxEntry {
  id: number;
  reference: string;
  /** The JSON sent, as written when the report came. */
  body: string;
  attempts: number;
}

export interface ReportListFilter extends Omit<ReportListQuery, 'cursor'> {
  status: ReportStatus;
  /** Only rows older than this id (the previous page's last). */
  before?: number;
  limit: number;
}

export interface ReportStore {
  /**
   * Stores a report and, when `outbox` is given, its webhook delivery in the same transaction (none is
   * queued once the outbox holds `outboxMax` entries: false then).
   */
  add(report: NewReport, outbox?: { body: string; outboxMax: number; now: number }): Promise<{ queued: boolean }>;
  list(filter: ReportListFilter): Promise<StoredReport[]>;
  photo(reference: string): Promise<{ type: ReportPhotoType; body: Buffer } | undefined>;
  /**
   * Closes an open report with a note and deletes its phone number, from the report and from its delivery still
   * waiting in the outbox (withoutPhone); undefined when no such report.
   */
  closeReport(reference: string, note: string, day: string): Promise<StoredReport | undefined>;
  /**
   * Deletes the photos of reports closed on or before `day`, and closed reports themselves closed on or before
   * `dropBefore`. Returns how many photos and reports went.
   */
  purge(photosClosedBy: string, reportsClosedBy: string): Promise<{ photos: number; reports: number }>;
  /** Every report sent on or after `sinceHour` (ISO hour), newest first, at most `limit`: for the CSV. */
  since(sinceHour: string, limit: number): Promise<StoredReport[]>;

  /** Claims up to `limit` due entries (next_at ≤ now) for `leaseMs`: no other process sends them meanwhile. */
  claimDue(now: number, leaseMs: number, limit: number): Promise<OutboxEntry[]>;
  /** A delivered entry leaves the outbox. */
  delivered(id: number): Promise<void>;
  /** A failed delivery is tried again at `nextAt`. */
  retryAt(id: number, nextAt: number): Promise<void>;
  /** The earliest time an entry is due, if any. */
  nextDue(): Promise<number | undefined>;
  close(): Promise<void>;
}

/**
 * A waiting delivery's JSON without the shopper's phone number: once the case is closed the number is deleted
 * everywhere the service keeps it (issue 41: "deleted when the case is closed"), even if the brand's system has
 * not yet received the report. The body is signed when it is sent, so rewriting it here is safe.
 */
export function withoutPhone(body: string): string {
  const sent = JSON.parse(body) as { phone?: unknown };
  return sent.phone === undefined || sent.phone === null ? body : JSON.stringify({ ...sent, phone: null });
}
