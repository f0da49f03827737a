import type { LotStatus } from '@/contract/traceContract';
import { browserStorage } from '@/shared/storage/browserStorage';
import { recallAlerts } from './recallAlerts';
import { RECHECK_DAY_KEY, codesToRecheck, isRecheckDue, newlyRecalled, recheckDay } from './recheckRules';
import { recentLookups, type RecentLookup } from './storedLookups';

/** A re-check's answer: the lot's status (null when not found or not said), or 'stop' (the service asked to slow down). */
export type RecheckAnswer = LotStatus | null | 'stop';

export interface RecheckPass {
  /** The lookups kept from earlier visits, as the page found them when it opened. */
  kept: readonly RecentLookup[];
  /** The code on screen, whose answer is fresh. */
  current: string | null;
  lookUp: (code: string) => Promise<RecheckAnswer>;
  signal: AbortSignal;
  now: Date;
}

/**
 * One pass of the recall watch: once a day at most (the day is written before the first request, so a
 * page closed mid-pass does not start again today), one code at a time. A newly recalled lot becomes an
 * alert; every status learnt is kept with its lookup, so the same recall is never announced twice.
 */
export async function runRecheckPass({ kept, current, lookUp, signal, now }: RecheckPass): Promise<void> {
  const today = recheckDay(now);
  const codes = codesToRecheck(kept, current);
  if (codes.length === 0 || !isRecheckDue(browserStorage.read(RECHECK_DAY_KEY), today)) return;
  browserStorage.write(RECHECK_DAY_KEY, today);
  const lots = new Map<string, LotStatus>();
  for (const code of codes) {
    if (signal.aborted) break;
    const answer = await lookUp(code);
    if (answer === 'stop') break;
    if (answer !== null) lots.set(code.toUpperCase(), answer);
  }
  if (lots.size === 0) return;
  recallAlerts.add(newlyRecalled(kept, lots).map(({ code, name }) => ({ code, name })));
  recentLookups.seeLots(lots);
}
