/** A date on the calendar, with no time and no zone: what a pack's printed date is. */
export interface CalendarDay {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

/**
 * Vietnam's offset from UTC, where the company's dates are written (a shopper's phone may be set to any other
 * zone): +07:00 all year, with no daylight saving since 1975.
 */
const TRACE_UTC_OFFSET_MS = 7 * 3_600_000;

// A date alone, or a date and time with or without a zone (the company's service may send either).
const WIRE_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * The calendar day an instant falls on in Vietnam, whatever zone this device or server is set to. By the
 * fixed offset, not Intl with 'Asia/Ho_Chi_Minh': a named zone's first use loads its data, 17 ms that landed
 * in the page's hydration on a phone's first visit (a CPU profile of the deep link showed it).
 */
export function traceDayOf(instant: Date): CalendarDay {
  const inVietnam = new Date(instant.getTime() + TRACE_UTC_OFFSET_MS);
  return { year: inVietnam.getUTCFullYear(), month: inVietnam.getUTCMonth() + 1, day: inVietnam.getUTCDate() };
}

/** The Vietnam day an instant falls on as a key, YYYY-MM-DD (what a day is stored and compared by). */
export function traceDayKey(instant: Date): string {
  const { year, month, day } = traceDayOf(instant);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function isRealDay({ year, month, day }: CalendarDay): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A date as the trace service writes it, or null when missing or malformed (31/02, free text). A date
 * alone, or a date and time without a zone, is the day written; a time with a zone is the day that
 * instant falls on in Vietnam, so '2026-06-11T17:00:00Z' is 12 June.
 */
export function parseWireDate(value: unknown): CalendarDay | null {
  if (typeof value !== 'string') return null;
  const match = WIRE_DATE.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second, zone] = match;
  const written = { year: Number(year), month: Number(month), day: Number(day) };
  if (!isRealDay(written)) return null;
  if (!zone) return written;
  const offset = zone === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2');
  const instant = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second ?? '00'}${offset}`);
  return Number.isNaN(instant.getTime()) ? null : traceDayOf(instant);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDay, to: CalendarDay): number {
  const utc = ({ year, month, day }: CalendarDay) => Date.UTC(year, month - 1, day);
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}
