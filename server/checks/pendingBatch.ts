/** A shopper's lookup of a known code, waiting for the next write. */
export interface PendingLookup {
  code: string;
  day: string;
  at: number;
  /** The day's salted hash of the device, when the day's salt was known at the lookup (the usual case). */
  device: string | undefined;
  /**
   * Otherwise (the first lookups of a day, or of a process) what the write hashes once it has the
   * salt: held in memory until then, never written.
   */
  visitor: { address: string; userAgent: string } | undefined;
  /** The code's bucket of the visitor's network (server/checks/network.ts). */
  bucket: number;
  carton: boolean;
}

/** A lookup of a code the service does not hold. */
export interface PendingUnknown {
  day: string;
  code: string;
  lookups: number;
  /** The day's salted hash of its first network; undefined until the day's salt is known (then `address`). */
  network: string | undefined;
  address: string | undefined;
  at: number;
}

export interface Estimate {
  lookups: number;
  /** Buckets of networks not yet written. */
  buckets: number[];
}

/** What a batch holds of one code on one day: its lookups, the buckets of their networks. */
export interface PendingCode extends Estimate {
  day: string;
  code: string;
  carton: boolean;
  /** When its first lookup in the batch was (Unix ms): a batch that keeps failing drops it after a while. */
  at: number;
  /** The same code's lookups of another day (a batch across midnight). */
  next: PendingCode | undefined;
}

/**
 * Lookups not yet written, with what each code gains by them as this process sees it, for the answers
 * given before the write. Bounded in time (a write that keeps failing keeps them `maxAgeMs` at most) and,
 * for memory, in number (`max` lookups and `max` distinct unknown codes).
 *
 * A store that applies the repeat window itself (PostgreSQL) needs each lookup's device: `keepLookups`
 * keeps every lookup. Otherwise (SQLite: the counter's memory left the repeats out) a batch keeps one entry
 * per code and day, with its lookups and buckets: on a busy service, an object per lookup was a fifth of
 * counting's CPU on the event loop's thread (issue 36, point 10), its garbage collection included.
 */
export class PendingBatch {
  readonly lookups: PendingLookup[] = [];
  readonly unknown = new Map<string, PendingUnknown>();
  /** Per code, what it gains; without `keepLookups`, the head of its entries by day. */
  readonly estimates = new Map<string, PendingCode>();
  /** Lookups held. */
  size = 0;

  constructor(
    private readonly max: number,
    private readonly keepLookups = true,
  ) {}

  get empty(): boolean {
    return this.size === 0 && this.unknown.size === 0;
  }

  /** The entries per code and day, each with its lookups and buckets. */
  *codes(): Generator<PendingCode> {
    for (const head of this.estimates.values())
      for (let entry: PendingCode | undefined = head; entry; entry = entry.next) yield entry;
  }

  /** False when full: the lookup is dropped. */
  add(lookup: PendingLookup): boolean {
    if (this.size >= this.max) return false;
    this.size++;
    if (this.keepLookups) this.lookups.push(lookup);
    this.count(lookup.code, lookup.day, 1, lookup.bucket, lookup.carton, lookup.at);
    return true;
  }

  /** A lookup that counts, for a batch that keeps no lookups (no object made for it); false when full. */
  addCounted(code: string, day: string, bucket: number, carton: boolean, at: number): boolean {
    if (this.size >= this.max) return false;
    this.size++;
    this.count(code, day, 1, bucket, carton, at);
    return true;
  }

  private count(code: string, day: string, lookups: number, bucket: number, carton: boolean, at: number): void {
    const head = this.estimates.get(code);
    let entry = head;
    while (entry !== undefined && entry.day !== day) entry = entry.next;
    if (entry === undefined) {
      entry = { day, code, carton, at, lookups: 0, buckets: [], next: undefined };
      if (head === undefined) this.estimates.set(code, entry);
      else {
        entry.next = head.next;
        head.next = entry;
      }
    }
    entry.lookups += lookups;
    if (!entry.buckets.includes(bucket)) entry.buckets.push(bucket);
  }

  /** False when the batch already holds `max` distinct unknown codes and not this one. */
  addUnknown(entry: PendingUnknown): boolean {
    const key = `${entry.day}\n${entry.code}`;
    const kept = this.unknown.get(key);
    if (kept) {
      kept.lookups += entry.lookups;
      return true;
    }
    if (this.unknown.size >= this.max) return false;
    this.unknown.set(key, { ...entry });
    return true;
  }

  /**
   * Takes back a batch whose write failed, oldest first, keeping what is younger than `since` (Unix ms);
   * returns how many lookups were older, or did not fit.
   */
  takeBack(failed: PendingBatch, since: number): number {
    const mine = this.lookups.splice(0);
    const mineCodes = [...this.codes()];
    const unknown = [...failed.unknown.values(), ...this.unknown.values()];
    this.unknown.clear();
    this.estimates.clear();
    this.size = 0;
    let dropped = 0;
    if (this.keepLookups) {
      for (const lookup of [...failed.lookups, ...mine]) if (lookup.at < since || !this.add(lookup)) dropped++;
    } else {
      for (const entry of [...failed.codes(), ...mineCodes]) {
        const fits = Math.max(0, Math.min(entry.lookups, this.max - this.size));
        if (entry.at < since || fits === 0) {
          dropped += entry.lookups;
          continue;
        }
        dropped += entry.lookups - fits;
        this.size += fits;
        // Each lookup brought at most one bucket: those of the lookups that fit, at most.
        for (const [i, bucket] of entry.buckets.slice(0, fits).entries())
          this.count(entry.code, entry.day, i === 0 ? fits : 0, bucket, entry.carton, entry.at);
      }
    }
    for (const entry of unknown) if (entry.at < since || !this.addUnknown(entry)) dropped += entry.lookups;
    return dropped;
  }
}
