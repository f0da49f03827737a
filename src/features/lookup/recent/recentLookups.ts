import { browserStorage } from '@/shared/storage/browserStorage';

/** A code this device looked up, with the product name it showed (null when the answer had none). */
export interface RecentLookup {
  code: string;
  name: string | null;
}

export const MAX_RECENT = 10;
/** Kept on this device only: nothing here is ever sent anywhere. */
export const RECENT_KEY = 'recentLookups';

/** The list with this lookup first, an older entry for the same code (any case) dropped, at most ten. */
export function withLookup(list: readonly RecentLookup[], lookup: RecentLookup): RecentLookup[] {
  const code = lookup.code.toUpperCase();
  return [lookup, ...list.filter((entry) => entry.code.toUpperCase() !== code)].slice(0, MAX_RECENT);
}

/** What storage holds, read defensively: another version or a hand edit may have left anything there. */
export function parseRecent(raw: string | null): RecentLookup[] {
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((entry): entry is RecentLookup => typeof entry?.code === 'string' && (entry.name === null || typeof entry.name === 'string'))
      .map(({ code, name }) => ({ code, name }))
      .slice(0, MAX_RECENT);
  } catch {
    return [];
  }
}

const EMPTY: RecentLookup[] = [];
const listeners = new Set<() => void>();
// Kept in memory too, so the list works for this visit when storage is blocked (private mode).
let memory: { raw: string | null; list: RecentLookup[] } | null = null;

function current(): RecentLookup[] {
  const raw = browserStorage.read(RECENT_KEY);
  // Storage is the truth when it can be read (another tab may have written it); else this visit's memory.
  if (raw === undefined) return memory?.list ?? EMPTY;
  if (memory === null || raw !== memory.raw) memory = { raw, list: parseRecent(raw) };
  return memory.list;
}

function replace(list: RecentLookup[]) {
  const raw = list.length === 0 ? null : JSON.stringify(list);
  browserStorage.write(RECENT_KEY, raw);
  memory = { raw, list };
  listeners.forEach((listener) => listener());
}

export const recentLookups = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: current,
  /** On the server, and while hydrating: nothing, as the server cannot know this device's list. */
  serverSnapshot: (): RecentLookup[] => EMPTY,
  record(lookup: RecentLookup) {
    replace(withLookup(current(), lookup));
  },
  clear() {
    replace(EMPTY);
  },
};
