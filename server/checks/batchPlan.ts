import type { CodeLookups, CodeTotals, DeviceVisits, NetworkSeen, UnknownLookups } from './checkStore.ts';
import { addNetworks, dayNumber, networksSince, windowStart } from './networkDays.ts';
import { countVisits } from './repeatWindow.ts';

// What a batch changes, worked out from what the database holds: the same for SQLite and PostgreSQL.

export interface DeviceRow {
  day: string;
  code: string;
  device: string;
  /** Rounded down to the minute: a stored time cannot be matched to an access-log line. */
  lastAt: number;
}

export interface VisitPlan {
  /** Device rows to insert or move forward. */
  devices: DeviceRow[];
  /** What each (day, code) gains in lookups. */
  increments: CodeLookups[];
}

export const MINUTE_MS = 60_000;
export const deviceKey = (day: string, code: string, device: string) => `${day}\n${code}\n${device}`;

/** The batch's visits counted against the stored last counted times (keyed by deviceKey). */
export function planVisits(
  visits: readonly DeviceVisits[],
  stored: ReadonlyMap<string, number>,
  windowMs: number,
): VisitPlan {
  const devices: DeviceRow[] = [];
  const increments = new Map<string, CodeLookups>();
  for (const { day, code, device, times } of visits) {
    const counted = countVisits(times, stored.get(deviceKey(day, code, device)), windowMs);
    if (counted.lookups === 0) continue;
    devices.push({ day, code, device, lastAt: Math.floor(counted.lastAt / MINUTE_MS) * MINUTE_MS });
    const key = `${day}\n${code}`;
    const increment = increments.get(key) ?? { day, code, lookups: 0 };
    increment.lookups += counted.lookups;
    increments.set(key, increment);
  }
  return { devices, increments: [...increments.values()] };
}

/** A code's stored row as the batch reads it before writing. */
export interface StoredCode {
  firstDay: string;
  lookups: number;
  networks: string;
  cautionSince: string | null;
}

/** A code's row after the batch: what to write back. */
export interface CodeWrite {
  code: string;
  firstDay: string;
  /** Lookups the batch adds. */
  lookups: number;
  networks: string;
  cautionSince: string | null;
}

/**
 * Each code of the batch's new row: lookups added, its networks of the window with the batch's, and the
 * day its caution began (today when the batch takes it to the threshold; none for a carton, or once the
 * window has left it below). `crossed`: the codes whose caution begins with this batch.
 */
export function planCodes(
  increments: readonly CodeLookups[],
  networks: readonly NetworkSeen[],
  stored: ReadonlyMap<string, StoredCode>,
  today: string,
  { windowDays, cautionNetworks }: { windowDays: number; cautionNetworks: number },
): { codes: CodeWrite[]; crossed: string[] } {
  const from = windowStart(today, windowDays);
  const added = new Map<string, { firstDay: string; lookups: number; seen: Map<number, number>; carton: boolean }>();
  const entry = (code: string, day: string) => {
    let found = added.get(code);
    if (found === undefined) {
      found = { firstDay: day, lookups: 0, seen: new Map(), carton: false };
      added.set(code, found);
    }
    if (day < found.firstDay) found.firstDay = day;
    return found;
  };
  for (const { day, code, lookups } of increments) entry(code, day).lookups += lookups;
  for (const { day, code, bucket, carton } of networks) {
    const found = entry(code, day);
    const number = dayNumber(day);
    found.seen.set(bucket, Math.max(number, found.seen.get(bucket) ?? 0));
    if (carton) found.carton = true;
  }
  const codes: CodeWrite[] = [];
  const crossed: string[] = [];
  for (const [code, { firstDay, lookups, seen, carton }] of added) {
    const before = stored.get(code);
    if (before === undefined && lookups === 0) continue;
    const networksAfter = addNetworks(before?.networks ?? '', seen, from);
    const wasCaution = before !== undefined && networksSince(before.networks, from) >= cautionNetworks;
    const isCaution = !carton && networksSince(networksAfter, from) >= cautionNetworks;
    const cautionSince = !isCaution ? null : wasCaution ? (before.cautionSince ?? today) : today;
    if (isCaution && !wasCaution) crossed.push(code);
    codes.push({
      code,
      firstDay: before === undefined || firstDay < before.firstDay ? firstDay : before.firstDay,
      lookups,
      networks: networksAfter,
      cautionSince,
    });
  }
  return { codes, crossed };
}

/** The totals a batch's code rows leave (for the counter's memory). */
export const totalsAfter = (write: CodeWrite, before: StoredCode | undefined): CodeTotals => ({
  firstDay: write.firstDay,
  lookups: (before?.lookups ?? 0) + write.lookups,
  networks: write.networks,
});

/**
 * Unknown codes already stored for their day always gain; a new one only while its day holds fewer than
 * `perDay` codes, and its network has stored fewer than `perNetwork` new ones that day (a flood of invented
 * codes from one network fills a small share of the day's slots; the metric counts them all).
 */
export function admitUnknown(
  unknown: readonly UnknownLookups[],
  stored: ReadonlySet<string>,
  storedPerDay: ReadonlyMap<string, number>,
  storedPerNetwork: ReadonlyMap<string, number>,
  { perDay, perNetwork }: { perDay: number; perNetwork: number },
): { admitted: UnknownLookups[]; networks: Map<string, { day: string; network: string; codes: number }> } {
  const counts = new Map(storedPerDay);
  const networks = new Map<string, { day: string; network: string; codes: number }>();
  const admitted = unknown.filter(({ day, code, network }) => {
    if (stored.has(`${day}\n${code}`)) return true;
    const count = counts.get(day) ?? 0;
    const key = `${day}\n${network}`;
    const share = networks.get(key) ?? { day, network, codes: 0 };
    if (count >= perDay || (storedPerNetwork.get(key) ?? 0) + share.codes >= perNetwork) return false;
    counts.set(day, count + 1);
    share.codes++;
    networks.set(key, share);
    return true;
  });
  return { admitted, networks };
}
