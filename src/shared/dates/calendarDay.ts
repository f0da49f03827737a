import { vietnamDayOf, type CalendarDay } from '@/contract/vietnamDay';

// A date alone, or a date and time with or without a zone (the company's service may send either).
const WIRE_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

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
  return Number.isNaN(instant.getTime()) ? null : vietnamDayOf(instant);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDay, to: CalendarDay): number {
  const utc = ({ year, month, day }: CalendarDay) => Date.UTC(year, month - 1, day);
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}
