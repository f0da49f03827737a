import type { CodeTotals, DeviceVisits, UnknownLookups } from './checkStore.ts';
import { countVisits } from './repeatWindow.ts';

// What a batch changes, worked out from what the database holds: the same for SQLite and PostgreSQL.

export interface DeviceRow {
  day: string;
  code: string;
  device: string;
  lastAt: number;
}

export interface Increment {
  day: string;
  code: string;
  lookups: number;
  devices: number;
}

export interface BatchPlan {
  /** Device rows to insert or move forward. */
  devices: DeviceRow[];
  /** What each (day, code) gains; a code's first day is the earliest of them. */
  increments: Increment[];
}

export const deviceKey = (day: string, code: string, device: string) => `${day}\n${code}\n${device}`;

/** The batch's visits counted against the stored last counted times (keyed by deviceKey). */
export function planVisits(
  visits: readonly DeviceVisits[],
  stored: ReadonlyMap<string, number>,
  windowMs: number,
): BatchPlan {
  const devices: DeviceRow[] = [];
  const increments = new Map<string, Increment>();
  for (const { day, code, device, times } of visits) {
    const counted = countVisits(times, stored.get(deviceKey(day, code, device)), windowMs);
    if (counted.lookups === 0) continue;
    devices.push({ day, code, device, lastAt: counted.lastAt });
    const key = `${day}\n${code}`;
    const increment = increments.get(key) ?? { day, code, lookups: 0, devices: 0 };
    increment.lookups += counted.lookups;
    if (counted.newDevice) increment.devices++;
    increments.set(key, increment);
  }
  return { devices, increments: [...increments.values()] };
}

/** Per code, what the increments add up to, with the earliest day. */
export function perCode(increments: readonly Increment[]): Map<string, CodeTotals> {
  const codes = new Map<string, CodeTotals>();
  for (const { day, code, lookups, devices } of increments) {
    const total = codes.get(code);
    if (total === undefined) codes.set(code, { firstDay: day, lookups, devices });
    else {
      total.lookups += lookups;
      total.devices += devices;
      if (day < total.firstDay) total.firstDay = day;
    }
  }
  return codes;
}

/** Codes whose devices go from below `threshold` to it or past it. */
export function crossedCodes(
  before: ReadonlyMap<string, number>,
  added: ReadonlyMap<string, CodeTotals>,
  threshold: number,
): string[] {
  return [...added]
    .filter(([code, { devices }]) => {
      const was = before.get(code) ?? 0;
      return was < threshold && was + devices >= threshold;
    })
    .map(([code]) => code);
}

/**
 * Unknown codes already stored for their day always gain; a new one only while its day holds fewer
 * than `perDay` codes (an attacker's flood of invented codes stays bounded; the metric counts them all).
 */
export function admitUnknown(
  unknown: readonly UnknownLookups[],
  stored: ReadonlySet<string>,
  storedPerDay: ReadonlyMap<string, number>,
  perDay: number,
): UnknownLookups[] {
  const counts = new Map(storedPerDay);
  return unknown.filter(({ day, code }) => {
    if (stored.has(`${day}\n${code}`)) return true;
    const count = counts.get(day) ?? 0;
    if (count >= perDay) return false;
    counts.set(day, count + 1);
    return true;
  });
}
