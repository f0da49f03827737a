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

/**
 * Lookups not yet written, with what each code gains by them as this process sees it, for the answers
 * given before the write. Bounded in time (a write that keeps failing keeps them `maxAgeMs` at most) and,
 * for memory, in number (`max` lookups and `max` distinct unknown codes).
 */
export class PendingBatch {
  readonly lookups: PendingLookup[] = [];
  readonly unknown = new Map<string, PendingUnknown>();
  readonly estimates = new Map<string, Estimate>();

  constructor(private readonly max: number) {}

  get empty(): boolean {
    return this.lookups.length === 0 && this.unknown.size === 0;
  }

  /** False when full: the lookup is dropped. */
  add(lookup: PendingLookup): boolean {
    if (this.lookups.length >= this.max) return false;
    this.lookups.push(lookup);
    let estimate = this.estimates.get(lookup.code);
    if (estimate === undefined) {
      estimate = { lookups: 0, buckets: [] };
      this.estimates.set(lookup.code, estimate);
    }
    estimate.lookups++;
    if (!estimate.buckets.includes(lookup.bucket)) estimate.buckets.push(lookup.bucket);
    return true;
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
    const unknown = [...failed.unknown.values(), ...this.unknown.values()];
    this.unknown.clear();
    this.estimates.clear();
    let dropped = 0;
    for (const lookup of [...failed.lookups, ...mine]) if (lookup.at < since || !this.add(lookup)) dropped++;
    for (const entry of unknown) if (entry.at < since || !this.addUnknown(entry)) dropped += entry.lookups;
    return dropped;
  }
}
