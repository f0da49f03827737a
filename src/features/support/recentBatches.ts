import { browserStorage } from '@/shared/storage/browserStorage';
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

/** What storage holds, read defensively: another version or a hand edit may have left anything there. */
export function parseRecentChecks(raw: string | null): RecentCheck[] {
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((entry): entry is RecentCheck => typeof entry?.code === 'string' && OUTCOMES.has(entry?.outcome))
      .map(({ code, outcome }) => ({ code, outcome }))
      .slice(0, MAX_RECENT_CHECKS);
  } catch {
    return [];
  }
}

const EMPTY: RecentCheck[] = [];
const listeners = new Set<() => void>();
// Kept in memory too, so the list works for this visit when storage is blocked (private mode).
let memory: { raw: string | null; list: RecentCheck[] } | null = null;

function current(): RecentCheck[] {
  const raw = browserStorage.read(RECENT_CHECKS_KEY);
  if (raw === undefined) return memory?.list ?? EMPTY;
  if (memory === null || raw !== memory.raw) memory = { raw, list: parseRecentChecks(raw) };
  return memory.list;
}

function replace(list: RecentCheck[]) {
  const raw = list.length === 0 ? null : JSON.stringify(list);
  browserStorage.write(RECENT_CHECKS_KEY, raw);
  memory = { raw, list };
  listeners.forEach((listener) => listener());
}

/** For useSyncExternalStore: the list, what the server renders (nothing), and changes. */
export const recentChecks = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: current,
  serverSnapshot: (): RecentCheck[] => EMPTY,
  record(batch: readonly RecentCheck[]) {
    replace(withBatch(current(), batch));
  },
  clear() {
    replace(EMPTY);
  },
};
