import { NETWORK_BUCKETS } from './network.ts';

// A code's recent networks as stored (check_codes.networks): one entry per bucket (server/checks/network.ts),
// the last day a network of that bucket looked the code up, newest first. Each entry is 7 characters: the
// bucket in two hex digits, then the day as a 5-digit day number. A text of at most 256 entries, read with
// the code's lookup and counted without parsing more than the entries inside the window.

const ENTRY = 7;

/** The day number of a Vietnam day (YYYY-MM-DD): days since 1970-01-01. */
export const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** The first day number of a window of `windowDays` days ending with `today`. */
export const windowStart = (today: string, windowDays: number): number => dayNumber(today) - windowDays + 1;

const dayAt = (networks: string, i: number) => Number(networks.slice(i + 2, i + ENTRY));
const bucketAt = (networks: string, i: number) => parseInt(networks.slice(i, i + 2), 16);

/** How many of the stored networks looked the code up on or after day number `from`. */
export function networksSince(networks: string, from: number): number {
  let count = 0;
  for (let i = 0; i < networks.length && dayAt(networks, i) >= from; i += ENTRY) count++;
  return count;
}

/** The buckets of the stored networks seen on or after day number `from`. */
export function bucketsSince(networks: string, from: number): Set<number> {
  const buckets = new Set<number>();
  for (let i = 0; i < networks.length && dayAt(networks, i) >= from; i += ENTRY) buckets.add(bucketAt(networks, i));
  return buckets;
}

/** The stored networks with `seen` (bucket → day number) added; entries before `from` left out. */
export function addNetworks(networks: string, seen: ReadonlyMap<number, number>, from: number): string {
  const days = new Map<number, number>();
  for (let i = 0; i < networks.length; i += ENTRY) {
    const day = dayAt(networks, i);
    if (day >= from) days.set(bucketAt(networks, i), day);
  }
  for (const [bucket, day] of seen)
    if (day >= from && bucket >= 0 && bucket < NETWORK_BUCKETS) days.set(bucket, Math.max(day, days.get(bucket) ?? 0));
  return [...days]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .map(([bucket, day]) => bucket.toString(16).padStart(2, '0') + String(day).padStart(5, '0'))
    .join('');
}
