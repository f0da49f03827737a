// What the shoppers' reports need of a database (SQLite or PostgreSQL: server/db/*/reportStore.ts), issue 41.
import type {
  ReportFields,
  ReportListQuery,
  ReportLot,
  ReportPhotoType,
  ReportStatus,
} from '../../src/contract/reports.ts';
import type { DayBounds, DayRefusal } from './reportDays.ts';

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
 * A new report's row in `reports`, column by column, for either database's insert (server/db/reportRows.ts): a
 * column added to reports is added here once. `deliveryDue`: when its webhook delivery is first due (Unix ms), or
 * null without a webhook.
 */
export function reportRow(report: NewReport, deliveryDue: number | null) {
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
    pack_gtin: report.pack?.gtin ?? null,
    pack_lot: report.pack?.lot ?? null,
    pack_expiry: report.pack?.expiry ?? null,
    delivery_due: deliveryDue,
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

/**
 * A report whose webhook delivery is due, as the brand's system gets it (reportWebhook.ts): read from its row when
 * it is sent, so what staff changed meanwhile (a closed case's phone number deleted) is what goes.
 */
export interface WaitingReport extends ReportFields {
  reference: string;
  hasPhoto: boolean;
  createdHour: string;
}

/** A delivery claimed: its report and the attempts so far, this one included. */
export interface Delivery {
  report: WaitingReport;
  attempts: number;
}

/** How a new report is stored: its Vietnam day and that day's bounds, and its delivery's first due time. */
export interface AddOptions {
  day: string;
  bounds: DayBounds;
  /** Unix ms; null without a webhook. */
  deliveryDue: number | null;
}

export interface ReportListFilter extends Omit<ReportListQuery, 'cursor'> {
  status: ReportStatus;
  /** Only rows older than this id (the previous page's last). */
  before?: number;
  limit: number;
}

export interface ReportStore {
  /**
   * Stores a report and counts it in its day, in one transaction, unless the day's bounds refuse it: then nothing
   * is written and the bound is returned. The photo's bytes are the store's once given (SQLite's moves them to its
   * writer thread, PostgreSQL's frees them once sent): the caller must not read them after.
   */
  add(report: NewReport, options: AddOptions): Promise<DayRefusal | undefined>;
  list(filter: ReportListFilter): Promise<StoredReport[]>;
  photo(reference: string): Promise<{ type: ReportPhotoType; body: Buffer } | undefined>;
  /** Closes an open report with a note and deletes its phone number; undefined when no such report. */
  closeReport(reference: string, note: string, day: string): Promise<StoredReport | undefined>;
  /**
   * Deletes the photos of reports closed on or before `photosClosedBy`, and closed reports themselves closed on
   * or before `reportsClosedBy`, but, with `keepWaiting`, never one whose delivery still waits; and the day counts
   * of days before `photosClosedBy`. Returns how many photos and reports went.
   */
  purge(
    photosClosedBy: string,
    reportsClosedBy: string,
    keepWaiting: boolean,
  ): Promise<{ photos: number; reports: number }>;
  /** Every report sent on or after `sinceHour` (ISO hour), newest first, at most `limit`: for the CSV. */
  since(sinceHour: string, limit: number): Promise<StoredReport[]>;

  /**
   * Claims up to `limit` due deliveries (due ≤ now), oldest report first, for `leaseMs`: no other process sends
   * them meanwhile. Each claim counts an attempt.
   */
  claimDue(now: number, leaseMs: number, limit: number): Promise<Delivery[]>;
  /** A delivered report waits no more. */
  delivered(reference: string): Promise<void>;
  /** A failed delivery is tried again at `dueAt`. */
  retryAt(reference: string, dueAt: number): Promise<void>;
  /** The earliest time a delivery is due, if any waits. */
  nextDue(): Promise<number | undefined>;
  close(): Promise<void>;
}
