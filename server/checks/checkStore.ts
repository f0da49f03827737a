// What the lookup counter needs of a database (SQLite or PostgreSQL: server/db/*/checkStore.ts).

import type { CodeTotals } from '../domain/traceCode.ts';

export type { CodeTotals };

/** One device's counted-or-not lookups of one code on one day, oldest first (Unix ms). */
export interface DeviceVisits {
  day: string;
  code: string;
  /** The day's salted hash of the device (server/checks/device.ts). */
  device: string;
  times: number[];
}

export interface UnknownLookups {
  day: string;
  code: string;
  lookups: number;
}

export interface CheckBatch {
  visits: DeviceVisits[];
  unknown: UnknownLookups[];
  /** Today in Vietnam: device rows and salts of earlier days are deleted with this write. */
  today: string;
}

export interface BatchResult {
  /** The stored totals of every code in the batch, after it. */
  totals: Map<string, CodeTotals>;
  /** Codes whose devices reached `cautionDevices` with this batch. */
  crossed: string[];
}

export interface CheckStore {
  /** The day's salt, shared by every process on the database: created if absent, then read. */
  salt(day: string): Promise<Buffer>;
  /**
   * Applies a batch in one transaction. Whether a visit counts (first of its device and code, or the
   * window since the last counted one has passed) is decided here, against what is stored, so that
   * processes sharing the database agree.
   */
  write(
    batch: CheckBatch,
    rules: { repeatWindowMs: number; cautionDevices: number; unknownCodesPerDay: number },
  ): Promise<BatchResult>;
  /** The stored totals of these codes (absent: never counted). */
  totals(codes: readonly string[]): Map<string, CodeTotals> | Promise<Map<string, CodeTotals>>;
  /** For the brand's report (npm run report:codes): the period from `since` (a day) on. */
  report(since: string, limit: number): Promise<CheckReport>;
  close(): Promise<void>;
}

export interface ReportedCode {
  code: string;
  devices: number;
  lookups: number;
  firstDay: string;
}

export interface ReportedUnknown {
  code: string;
  lookups: number;
  days: number;
}

export interface CheckReport {
  codes: ReportedCode[];
  unknown: ReportedUnknown[];
}

/** How long the per-day counts (check_days, check_unknown) are kept for the report. */
export const REPORT_KEEP_DAYS = 90;
