/** Vietnam's offset from UTC: +07:00 all year (no daylight saving). */
export const VIETNAM_OFFSET_MS = 7 * 3_600_000;

/** The calendar day in Vietnam at `ms` (Unix milliseconds), as YYYY-MM-DD: how counts and salts are dated. */
export function vietnamDay(ms: number): string {
  return new Date(ms + VIETNAM_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Vietnam day `days` before `day` (YYYY-MM-DD). */
export function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}
