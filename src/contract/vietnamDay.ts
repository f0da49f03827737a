/**
 * Vietnam's calendar, by which the company dates its packs and recalls and the service dates its lookup
 * counts, whatever zone a shopper's phone or a server is set to. The one copy for the page (expiry, the
 * footer's year, the recall watch's day, the render cache's day) and the service (counts, salts, the report).
 */

/** Vietnam's offset from UTC: +07:00 all year, with no daylight saving since 1975. */
export const VIETNAM_OFFSET_MS = 7 * 3_600_000;

/** A date on the calendar, with no time and no zone: what a pack's printed date is. */
export interface CalendarDay {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

/**
 * The calendar day an instant falls on in Vietnam. By the fixed offset, not Intl with 'Asia/Ho_Chi_Minh':
 * a named zone's first use loads its data, 17 ms that landed in the page's hydration on a phone's first
 * visit (a CPU profile of the deep link showed it).
 */
export function vietnamDayOf(instant: Date | number): CalendarDay {
  const inVietnam = new Date(new Date(instant).getTime() + VIETNAM_OFFSET_MS);
  return { year: inVietnam.getUTCFullYear(), month: inVietnam.getUTCMonth() + 1, day: inVietnam.getUTCDate() };
}

/** The Vietnam day an instant (now by default) falls on as YYYY-MM-DD: what a day is stored, keyed and compared by. */
export function vietnamDay(instant: Date | number = Date.now()): string {
  return new Date(new Date(instant).getTime() + VIETNAM_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Vietnam day `days` before `day` (YYYY-MM-DD). */
export function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** The instant the Vietnam day `day` (YYYY-MM-DD) ends: midnight after it, in Vietnam. */
export function vietnamDayEnd(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - VIETNAM_OFFSET_MS + 86_400_000;
}

/** Whether `value` is a real day written YYYY-MM-DD (not 2025-02-31): a date bought, a pack's expiry. */
export function isIsoDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  // Date accepts 2025-02-31 (as 3 March); a real day reads back the same.
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}
