/**
 * Answers kept for a fixed time, within a byte budget. Every entry lives as long as the others, so the
 * map's insertion order is also expiry order: the oldest go first when the budget is full.
 */
export class AnswerCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number; size: number }>();
  private bytes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expires > this.now()) return entry.value;
    this.drop(key);
    return undefined;
  }

  /** `size`: the entry's bytes, key included, as near as counts for the budget. */
  set(key: string, value: V, size: number): void {
    if (!this.enabled || size > this.maxBytes) return;
    this.drop(key);
    for (const oldest of this.entries.keys()) {
      if (this.bytes + size <= this.maxBytes) break;
      this.drop(oldest);
    }
    this.entries.set(key, { value, expires: this.now() + this.ttlMs, size });
    this.bytes += size;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }
}
