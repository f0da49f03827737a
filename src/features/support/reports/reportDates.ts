import { formatDay } from '@/i18n/formatDay';
import { parseWireDate } from '@/shared/dates/calendarDay';

/** A day the service sent, written as the language writes days; the text itself when it is not a date. */
export function dayText(value: string, language: string): string {
  const day = parseWireDate(value);
  return day ? formatDay(day, language) : value;
}

/** When a report was sent (an ISO instant to the hour), as Vietnam's day and hour: '12/06/2026 14:00'. */
export function hourText(iso: string, language: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  // Vietnam keeps UTC+7 all year.
  const hour = (instant.getUTCHours() + 7) % 24;
  return `${dayText(iso, language)} ${String(hour).padStart(2, '0')}:00`;
}
