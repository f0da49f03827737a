import { LRUCache } from 'lru-cache';

/**
 * Answers kept for a fixed time, within a byte budget, the least recently used going first when it is
 * full (lru-cache: a Map trimmed from its oldest key steps over a hole per deleted entry each time).
 */
export class AnswerCache<V> {
  private readonly entries: LRUCache<string, { value: V; expires: number }>;

  constructor(
    private readonly ttlMs: number,
    maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new LRUCache({ maxSize: maxBytes });
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expires > this.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** `size`: the entry's bytes, key included, as near as counts for the budget; one over it is not kept. */
  set(key: string, value: V, size: number): void {
    if (!this.enabled) return;
    this.entries.set(key, { value, expires: this.now() + this.ttlMs }, { size: Math.max(1, Math.ceil(size)) });
  }
}
