import { vietnamDayOf, type CalendarDay } from '@/contract/vietnamDay';
import { daysBetween, parseWireDate } from '../dates/calendarDay';

/** At most this many days left counts as expiring soon. */
export const EXPIRING_SOON_DAYS = 30;

export type ExpiryStatus =
  | { kind: 'valid'; daysLeft: number; expires: CalendarDay }
  /** `daysLeft` 0 is the last day: it expires today. */
  | { kind: 'expiringSoon'; daysLeft: number; expires: CalendarDay }
  | { kind: 'expired'; since: CalendarDay }
  /** No date, or one that cannot be read: never taken for valid. */
  | { kind: 'unknown' };

/**
 * A product's expiry as of `now`, counted in calendar days in Vietnam (where the date is printed), so a
 * phone set to another zone sees the same answer. The expiry date itself is the last good day.
 */
export function expiryStatus(expireDate: unknown, now: Date): ExpiryStatus {
  const expires = parseWireDate(expireDate);
  if (expires === null || Number.isNaN(now.getTime())) return { kind: 'unknown' };
  const daysLeft = daysBetween(vietnamDayOf(now), expires);
  if (daysLeft < 0) return { kind: 'expired', since: expires };
  if (daysLeft <= EXPIRING_SOON_DAYS) return { kind: 'expiringSoon', daysLeft, expires };
  return { kind: 'valid', daysLeft, expires };
}
