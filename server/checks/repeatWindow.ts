/** What one device's visits to one code add, given what is stored of that device and code today. */
export interface CountedVisits {
  lookups: number;
  newDevice: boolean;
  /** When the last counted visit was: stored back as the device's last counted time. */
  lastAt: number;
}

/**
 * A visit counts when it is the device's first of the code today, or when `windowMs` has passed since
 * its last counted one: a reload, Back/Forward or the page's own retries count once. `times` oldest first.
 */
export function countVisits(
  times: readonly number[],
  storedLastAt: number | undefined,
  windowMs: number,
): CountedVisits {
  let lastAt = storedLastAt;
  let lookups = 0;
  for (const at of times) {
    if (lastAt === undefined || at - lastAt >= windowMs) {
      lookups++;
      lastAt = at;
    }
  }
  return { lookups, newDevice: storedLastAt === undefined && lookups > 0, lastAt: lastAt ?? 0 };
}
