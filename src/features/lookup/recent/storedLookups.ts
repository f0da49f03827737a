import type { LotStatus } from '@/contract/traceContract';
import { storedArray, storedList } from '@/shared/storage/storedList';

/**
 * A code this device looked up, with the product name it showed (null when the answer had none) and its
 * lot's status when the answer said it: the recall watch tells a new recall from one already seen.
 */
export interface RecentLookup {
  code: string;
  name: string | null;
  lot?: LotStatus;
}

const isLotStatus = (value: unknown): value is LotStatus => value === 'active' || value === 'recalled';

export const MAX_RECENT = 10;
/** Kept on this device only: nothing here is ever sent anywhere. */
export const RECENT_KEY = 'recentLookups';

/** The list with this lookup first, an older entry for the same code (any case) dropped, at most ten. */
export function withLookup(list: readonly RecentLookup[], lookup: RecentLookup): RecentLookup[] {
  const code = lookup.code.toUpperCase();
  return [lookup, ...list.filter((entry) => entry.code.toUpperCase() !== code)].slice(0, MAX_RECENT);
}

/** What storage holds, read defensively. */
export function parseRecent(raw: string | null): RecentLookup[] {
  return storedArray(raw)
    .filter((entry): entry is RecentLookup => {
      const { code, name } = (entry ?? {}) as Partial<RecentLookup>;
      return typeof code === 'string' && (name === null || typeof name === 'string');
    })
    .map(({ code, name, lot }) => (isLotStatus(lot) ? { code, name, lot } : { code, name }))
    .slice(0, MAX_RECENT);
}

const stored = storedList(RECENT_KEY, parseRecent);

export const recentLookups = {
  ...stored,
  record(lookup: RecentLookup) {
    stored.update((list) => withLookup(list, lookup));
  },
  /** The lot statuses a re-check found, by code (any case); the list's order and other entries kept. */
  seeLots(lots: ReadonlyMap<string, LotStatus>) {
    stored.update((list) =>
      list.map((entry) => {
        const lot = lots.get(entry.code.toUpperCase());
        return lot === undefined ? entry : { ...entry, lot };
      }),
    );
  },
};
