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

/** A network (its bucket: server/checks/network.ts) that looked a code up on a day. */
export interface NetworkSeen {
  day: string;
  code: string;
  bucket: number;
  /** A carton's answer: it never carries the caution (shops and distributors scan cartons). */
  carton: boolean;
}

export interface UnknownLookups {
  day: string;
  code: string;
  lookups: number;
  /** The day's salted hash of the network that looked it up first in the batch: the code's slot is its. */
  network: string;
}

/** Lookups of a code on a day that count, decided before the write (a store whose repeats are in memory). */
export interface CodeLookups {
  day: string;
  code: string;
  lookups: number;
}

export interface CheckBatch {
  /** Each device's lookups, for a store that applies the repeat window itself (PostgreSQL); else empty. */
  visits: DeviceVisits[];
  /** What each code gained, for a store whose repeat window is the counter's memory (SQLite); else empty. */
  counted: CodeLookups[];
  networks: NetworkSeen[];
  unknown: UnknownLookups[];
  /** Today in Vietnam: device rows and network shares of earlier days are deleted with this write. */
  today: string;
}

export interface CheckRules {
  repeatWindowMs: number;
  cautionNetworks: number;
  windowDays: number;
  unknownCodesPerDay: number;
  /** New unknown codes one network may store a day: a small share of the day's slots. */
  unknownCodesPerNetwork: number;
  /**
   * The result's totals must hold every code of the batch. Otherwise a store may leave out the codes it did not
   * hold before (`newCodesLeftOut`): their totals are what the batch brought, which the counter has.
   */
  totalsOfNewCodes: boolean;
}

export interface BatchResult {
  /** The stored totals of every code in the batch, after it (with `newCodesLeftOut`, of those stored before it). */
  totals: Map<string, CodeTotals>;
  /** The codes the batch stored first are not in `totals` (CheckRules.totalsOfNewCodes). */
  newCodesLeftOut?: boolean;
  /** Codes whose networks reached `cautionNetworks` with this batch. */
  crossed: string[];
}

export interface CheckStore {
  /**
   * The store keeps no device rows: the counter's memory alone knows a repeat within the window (SQLite,
   * which one service instance uses). Otherwise the store decides against its device rows, so that
   * instances sharing it (PostgreSQL) agree on a device.
   */
  readonly repeatsInMemory?: boolean;
  /**
   * Applies a batch in one transaction. Whether a visit counts (first of its device and code, or the
   * window since the last counted one has passed) is decided here, against what is stored, so that
   * processes sharing the database agree.
   */
  write(batch: CheckBatch, rules: CheckRules): Promise<BatchResult>;
  /** The stored totals of these codes (absent: never counted). */
  totals(codes: readonly string[]): Map<string, CodeTotals> | Promise<Map<string, CodeTotals>>;
  /** For the brand's report (npm run report:codes): the period from `since` (a day) on. */
  report(since: string, limit: number, rules: ReportRules): Promise<CheckReport>;
  /** Forgets a code's networks and its caution (npm run report:codes -- --clear): the networks it had in the window. */
  clear(code: string, rules: ReportRules): Promise<number | undefined>;
  close(): Promise<void>;
}

/** What decides the caution in a report: today's window and the threshold. */
export interface ReportRules {
  today: string;
  windowDays: number;
  cautionNetworks: number;
}

export interface ReportedCode {
  code: string;
  /** Networks within the window today. */
  networks: number;
  /** Lookups counted in the period. */
  lookups: number;
  firstDay: string;
  /** The day the code's caution began; empty when it has none now. */
  cautionSince: string;
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
