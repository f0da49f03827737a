import type { LotStatus } from '@/contract/traceContract';
import { vietnamDay } from '@/contract/vietnamDay';
import { MAX_RECENT, type RecentLookup } from './storedLookups';

/** The Vietnam day of the last re-check pass, kept on this device only. */
export const RECHECK_DAY_KEY = 'recallWatchDay';
/** One pass re-checks at most this many codes, one at a time: the whole recent list, never more. */
export const MAX_RECHECKS = MAX_RECENT;

/** A Vietnam calendar day as a key (a lot is recalled on the company's calendar, not the phone's). */
export function recheckDay(now: Date): string {
  return vietnamDay(now);
}

/** At most one pass a day: none has run today (a day stored that is not today, or none at all). */
export function isRecheckDue(lastDay: string | null | undefined, today: string): boolean {
  return lastDay !== today;
}

/**
 * The codes a pass re-checks: those kept from earlier visits, without the one on screen (its answer is
 * fresh), each once whatever its case, at most MAX_RECHECKS.
 */
export function codesToRecheck(kept: readonly RecentLookup[], current: string | null): string[] {
  const seen = new Set(current === null ? [] : [current.toUpperCase()]);
  const codes: string[] = [];
  for (const { code } of kept) {
    const key = code.toUpperCase();
    if (seen.has(key)) continue;
    seen.add(key);
    codes.push(code);
  }
  return codes.slice(0, MAX_RECHECKS);
}

/** What a pass learnt: the kept lookups whose lot is now recalled and was not known recalled before. */
export function newlyRecalled(kept: readonly RecentLookup[], lots: ReadonlyMap<string, LotStatus>): RecentLookup[] {
  return kept.filter(({ code, lot }) => lots.get(code.toUpperCase()) === 'recalled' && lot !== 'recalled');
}
