/** A map that drops its least recently used entries while their summed cost is over the budget. */
export function createBoundedLru<V>(budget: number, costOf: (key: string, value: V) => number) {
  const entries = new Map<string, { value: V; cost: number }>();
  let total = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    total -= entry.cost;
  }

  return {
    /** The value, now the most recently used. */
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },

    has: (key: string) => entries.has(key),

    /** Keeps the value unless it alone costs more than the whole budget. */
    set(key: string, value: V) {
      remove(key);
      const cost = costOf(key, value);
      if (cost > budget) return;
      entries.set(key, { value, cost });
      total += cost;
      for (const oldest of entries.keys()) {
        if (total <= budget) break;
        remove(oldest);
      }
    },

    delete: remove,

    get size() {
      return entries.size;
    },

    get cost() {
      return total;
    },
  };
}
