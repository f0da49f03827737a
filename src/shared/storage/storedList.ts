import { browserStorage } from './browserStorage';

/** The array a stored text holds, or none: another version or a hand edit may have left anything there. */
export function storedArray(raw: string | null): unknown[] {
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/**
 * A list kept on this device under `key`, for useSyncExternalStore: the list, what the server renders
 * (nothing: it cannot know this device's list), and changes. Kept in memory too, so the list works for
 * this visit when storage is blocked (private mode); storage is the truth when it can be read, since
 * another tab may have written it.
 */
export function storedList<T>(key: string, parse: (raw: string | null) => T[]) {
  const empty: T[] = [];
  const listeners = new Set<() => void>();
  let memory: { raw: string | null; list: T[] } | null = null;

  function current(): T[] {
    const raw = browserStorage.read(key);
    if (raw === undefined) return memory?.list ?? empty;
    if (memory === null || raw !== memory.raw) memory = { raw, list: parse(raw) };
    return memory.list;
  }

  function replace(list: T[]) {
    const raw = list.length === 0 ? null : JSON.stringify(list);
    browserStorage.write(key, raw);
    memory = { raw, list };
    listeners.forEach((listener) => listener());
  }

  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: current,
    serverSnapshot: (): T[] => empty,
    update(change: (list: T[]) => T[]) {
      replace(change(current()));
    },
    clear() {
      replace(empty);
    },
  };
}
