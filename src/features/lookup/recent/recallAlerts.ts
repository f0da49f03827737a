import { storedArray, storedList } from '@/shared/storage/storedList';
import { MAX_RECENT } from './storedLookups';

/** A recent lookup whose lot was found recalled by a re-check, shown until the shopper dismisses it. */
export interface RecallAlert {
  code: string;
  name: string | null;
}

/** Kept on this device only, so a banner found today is still there on the next visit until dismissed. */
export const RECALL_ALERTS_KEY = 'recallAlerts';

export function parseAlerts(raw: string | null): RecallAlert[] {
  return storedArray(raw)
    .filter((entry): entry is RecallAlert => {
      const { code, name } = (entry ?? {}) as Partial<RecallAlert>;
      return typeof code === 'string' && (name === null || typeof name === 'string');
    })
    .map(({ code, name }) => ({ code, name }))
    .slice(0, MAX_RECENT);
}

/** The alerts with these first, one per code (any case), at most as many as recent lookups are kept. */
export function withAlerts(list: readonly RecallAlert[], added: readonly RecallAlert[]): RecallAlert[] {
  const codes = new Set(added.map(({ code }) => code.toUpperCase()));
  return [...added, ...list.filter(({ code }) => !codes.has(code.toUpperCase()))].slice(0, MAX_RECENT);
}

const stored = storedList(RECALL_ALERTS_KEY, parseAlerts);

export const recallAlerts = {
  ...stored,
  add(added: readonly RecallAlert[]) {
    if (added.length > 0) stored.update((list) => withAlerts(list, added));
  },
};
