import type { ReportedCode, ReportRules } from './checkStore.ts';
import { networksSince, windowStart } from './networkDays.ts';

/** A code's row as both databases read it for the report. */
export interface ReportRow {
  code: string;
  lookups: number;
  firstDay: string;
  networks: string;
  cautionSince: string | null;
}

/**
 * The report's codes: those looked up in the period and those with the caution now, one row each. The
 * caution's first (oldest first), then the most networks within the window, then the most lookups.
 */
export function reportedCodes(rows: readonly ReportRow[], rules: ReportRules, limit: number): ReportedCode[] {
  const from = windowStart(rules.today, rules.windowDays);
  const codes = new Map<string, ReportedCode>();
  for (const { code, lookups, firstDay, networks, cautionSince } of rows) {
    const kept = codes.get(code);
    if (kept) {
      kept.lookups += Number(lookups);
      continue;
    }
    const count = networksSince(networks, from);
    const since = cautionSince !== null && count >= rules.cautionNetworks ? cautionSince : '';
    codes.set(code, { code, networks: count, lookups: Number(lookups), firstDay, cautionSince: since });
  }
  return [...codes.values()]
    .sort(
      (a, b) =>
        Number(b.cautionSince !== '') - Number(a.cautionSince !== '') ||
        (a.cautionSince < b.cautionSince ? -1 : a.cautionSince > b.cautionSince ? 1 : 0) ||
        b.networks - a.networks ||
        b.lookups - a.lookups ||
        (a.code < b.code ? -1 : 1),
    )
    .slice(0, limit);
}
