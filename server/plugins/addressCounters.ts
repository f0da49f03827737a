// The counts of the in-process limiter, and Redis's stand-in while it is away (server/plugins/rateLimitRedis.ts).

interface Counter {
  count: number;
  resetAt: number;
}

export type WindowCount = { current: number; ttl: number };

/**
 * Per-address request counts of fixed windows, at most `capacity` addresses.
 *
 * The plugin's own store is a plain LRU: once `capacity` other addresses have come by, a blocked
 * client is the least recently seen and is dropped, and comes back with a fresh count. Here a client
 * that has reached its limit moves to `blocked`, which eviction never touches until its window ends.
 * Only clients still under their limit are evicted (least recently seen first), and such a client
 * loses at most what it had not used yet.
 *
 * When every slot holds a blocked client (capacity × max requests inside one window), a new address
 * is refused rather than let through or stored: the bound on memory holds, and so does the limit.
 */
export class AddressCounters {
  private readonly counting = new Map<string, Counter>();
  private readonly blocked = new Map<string, Counter>();
  /** No blocked window ends before this, so a full table is swept at most once per expiry. */
  private nextBlockedReset = Number.POSITIVE_INFINITY;
  /**
   * Walks `counting` oldest first and is kept between evictions: a Map leaves a hole for each deleted
   * entry until it compacts, so a fresh iterator per eviction would step over ever more of them
   * (60 µs an eviction at 100,000 addresses, measured). Entries seen again move behind it.
   */
  private evictionCursor: Iterator<string> = this.counting.keys();

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.counting.size + this.blocked.size;
  }

  /** How long `key` stays at its limit: 0 unless it reached it in a window not over yet. Counts nothing. */
  blockedFor(key: string, now: number): number {
    const counter = this.blocked.get(key);
    return counter !== undefined && now < counter.resetAt ? counter.resetAt - now : 0;
  }

  increment(key: string, now: number, windowMs: number, max: number): WindowCount {
    let counter = this.blocked.get(key);
    if (counter !== undefined) {
      if (now < counter.resetAt) return this.count(counter, now);
      this.blocked.delete(key);
    } else {
      counter = this.counting.get(key);
      // Deleted and set again below, so the Map's order stays least recently seen first.
      if (counter !== undefined) this.counting.delete(key);
      else if (!this.makeRoom(now)) return { current: max + 1, ttl: Math.max(1, this.nextBlockedReset - now) };
    }
    if (counter === undefined || now >= counter.resetAt) counter = { count: 0, resetAt: now + windowMs };
    const result = this.count(counter, now);
    if (counter.count >= max) {
      this.blocked.set(key, counter);
      this.nextBlockedReset = Math.min(this.nextBlockedReset, counter.resetAt);
    } else {
      this.counting.set(key, counter);
    }
    return result;
  }

  private count(counter: Counter, now: number): WindowCount {
    counter.count++;
    return { current: counter.count, ttl: counter.resetAt - now };
  }

  private makeRoom(now: number): boolean {
    if (this.size < this.capacity) return true;
    let oldest = this.evictionCursor.next();
    if (oldest.done) {
      this.evictionCursor = this.counting.keys();
      oldest = this.evictionCursor.next();
    }
    if (!oldest.done) {
      this.counting.delete(oldest.value);
      return true;
    }
    if (now < this.nextBlockedReset) return false;
    this.nextBlockedReset = Number.POSITIVE_INFINITY;
    for (const [key, counter] of this.blocked) {
      if (now >= counter.resetAt) this.blocked.delete(key);
      else this.nextBlockedReset = Math.min(this.nextBlockedReset, counter.resetAt);
    }
    return this.size < this.capacity;
  }
}
