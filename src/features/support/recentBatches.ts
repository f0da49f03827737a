import { storedArray, storedList } from '@/shared/storage/storedList';
import type { Outcome } from './checkedCode';

/** A code checked on this device and what it came to. */
export interface RecentCheck {
  code: string;
  outcome: Exclude<Outcome, 'pending'>;
}

export const MAX_RECENT_CHECKS = 20;
/** Kept on this device only: nothing here is ever sent anywhere. */
export const RECENT_CHECKS_KEY = 'supportRecentChecks';

const OUTCOMES = new Set<string>(['found', 'notFound', 'invalid', 'error']);

/** A batch's codes first, in their order, then older ones not checked again; at most 20. */
export function withBatch(list: readonly RecentCheck[], batch: readonly RecentCheck[]): RecentCheck[] {
  const codes = new Set(batch.map((check) => check.code.toUpperCase()));
  return [...batch, ...list.filter((check) => !codes.has(check.code.toUpperCase()))].slice(0, MAX_RECENT_CHECKS);
}

/** What storage holds, read defensively. */
export function parseRecentChecks(raw: string | null): RecentCheck[] {
  return storedArray(raw)
    .filter((entry): entry is RecentCheck => {
      const { code, outcome } = (entry ?? {}) as Partial<RecentCheck>;
      return typeof code === 'string' && typeof outcome === 'string' && OUTCOMES.has(outcome);
    })
    .map(({ code, outcome }) => ({ code, outcome }))
    .slice(0, MAX_RECENT_CHECKS);
}

const stored = storedList(RECENT_CHECKS_KEY, parseRecentChecks);

/** For useSyncExternalStore: the list, what the server renders (nothing), and changes. */
export const recentChecks = {
  ...stored,
  record(batch: readonly RecentCheck[]) {
    stored.update((list) => withBatch(list, batch));
  },
};
