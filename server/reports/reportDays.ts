// A bound on a whole Vietnam day's reports (issue 41 point 6, "every store has a bound"): the per-network and
// per-code limits (./reportLimits.ts) stop one sender, not many; these stop the disk filling. Counted in the
// database (report_days), in the report's own transaction, by every instance together: a restart, or a second
// instance, starts from what the day already took, and a refused report writes nothing.

export interface DayBounds {
  /** Reports a day, from everyone (REPORTS_DAY_MAX). */
  reports: number;
  /** Photo bytes a day, from everyone (REPORTS_PHOTO_BYTES_DAY_MAX). */
  photoBytes: number;
}

/** What a day has taken so far. */
export interface DayTaken {
  reports: number;
  photoBytes: number;
}

/**
 * Which bound a report refuses: the day's reports (no report goes in), or its photos (a report with a photo is
 * refused, one without still goes in).
 */
export type DayRefusal = 'reports' | 'photoBytes';

/** The bound a report with `photoBytes` of photo (0: none) would pass on a day that took `taken`, if any. */
export function dayRefusal(taken: DayTaken, bounds: DayBounds, photoBytes: number): DayRefusal | undefined {
  if (taken.reports >= bounds.reports) return 'reports';
  if (photoBytes > 0 && taken.photoBytes + photoBytes > bounds.photoBytes) return 'photoBytes';
  return undefined;
}
