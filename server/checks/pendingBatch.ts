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

/** What a batch holds of one code on one day: its lookups, the buckets of their networks. */
export interface PendingCode {
  day: string;
  code: string;
  carton: boolean;
  /** When its first lookup in the batch was (Unix ms): a batch that keeps failing drops it after a while. */
  at: number;
  lookups: number;
  /** Buckets of networks not yet written. */
  buckets: number[];
}

/** No row: the end of a code's rows. */
const NONE = -1;

/**
 * Lookups not yet written, with what each code gains by them as this process sees it, for the answers
 * given before the write. Bounded in time (a write that keeps failing keeps them `maxAgeMs` at most) and,
 * for memory, in number (`max` lookups and `max` distinct unknown codes).
 *
 * A store that applies the repeat window itself (PostgreSQL) needs each lookup's device: `keepLookups`
 * keeps every lookup. Otherwise (SQLite: the counter's memory left the repeats out) a batch keeps one row
 * per code and day, with its lookups and buckets.
 *
 * The rows are columns (arrays of numbers and the codes' strings), not an object per code: a batch lives two
 * seconds, past V8's young-generation collections, so each code's object and its array of buckets were copied,
 * promoted to the old generation and collected there. With columns, the event loop's isolate promotes about
 * 290 bytes per lookup of a new code instead of about 480 (bench:api's load, --trace-gc-nvp; issue 36, point 10).
 */
export class PendingBatch {
  readonly lookups: PendingLookup[] = [];
  readonly unknown = new Map<string, PendingUnknown>();
  /** Lookups held. */
  size = 0;
  /** Per code, its first row (its first day's). */
  private readonly first = new Map<string, number>();
  private readonly code: string[] = [];
  private readonly day: string[] = [];
  private readonly at: number[] = [];
  private readonly carton: boolean[] = [];
  private readonly count: number[] = [];
  /** The row's first bucket; any more in `moreBuckets` (a code looked up from several networks in one batch). */
  private readonly bucket: number[] = [];
  private readonly moreBuckets = new Map<number, number[]>();
  /** The same code's row of another day (a batch across midnight), or NONE. */
  private readonly next: number[] = [];

  constructor(
    private readonly max: number,
    private readonly keepLookups = true,
  ) {}

  get empty(): boolean {
    return this.size === 0 && this.unknown.size === 0;
  }

  /** Whether the batch holds lookups of this code. */
  has(code: string): boolean {
    return this.first.has(code);
  }

  /** The codes the batch holds lookups of. */
  codeKeys(): IterableIterator<string> {
    return this.first.keys();
  }

  /** The lookups of this code the batch holds, all days. */
  lookupsOf(code: string): number {
    let lookups = 0;
    for (let row = this.first.get(code) ?? NONE; row !== NONE; row = this.next[row]!) lookups += this.count[row]!;
    return lookups;
  }

  /** The earliest day of this code's lookups the batch holds; undefined when none. */
  firstDayOf(code: string): string | undefined {
    let first: string | undefined;
    for (let row = this.first.get(code) ?? NONE; row !== NONE; row = this.next[row]!)
      if (first === undefined || this.day[row]! < first) first = this.day[row];
    return first;
  }

  /** Adds the buckets of this code's networks the batch holds, all days, to `into`. */
  addBucketsOf(code: string, into: Set<number>): void {
    for (let row = this.first.get(code) ?? NONE; row !== NONE; row = this.next[row]!) {
      into.add(this.bucket[row]!);
      for (const bucket of this.moreBuckets.get(row) ?? []) into.add(bucket);
    }
  }

  /** The rows per code and day, each with its lookups and buckets. */
  *codes(): Generator<PendingCode> {
    for (let row = 0; row < this.code.length; row++)
      yield {
        day: this.day[row]!,
        code: this.code[row]!,
        carton: this.carton[row]!,
        at: this.at[row]!,
        lookups: this.count[row]!,
        buckets: [this.bucket[row]!, ...(this.moreBuckets.get(row) ?? [])],
      };
  }

  /** False when full: the lookup is dropped. */
  add(lookup: PendingLookup): boolean {
    if (this.size >= this.max) return false;
    this.size++;
    if (this.keepLookups) this.lookups.push(lookup);
    this.tally(lookup.code, lookup.day, 1, lookup.bucket, lookup.carton, lookup.at);
    return true;
  }

  /** A lookup that counts, for a batch that keeps no lookups (no object made for it); false when full. */
  addCounted(code: string, day: string, bucket: number, carton: boolean, at: number): boolean {
    if (this.size >= this.max) return false;
    this.size++;
    this.tally(code, day, 1, bucket, carton, at);
    return true;
  }

  private tally(code: string, day: string, lookups: number, bucket: number, carton: boolean, at: number): void {
    const head = this.first.get(code) ?? NONE;
    let row = head;
    while (row !== NONE && this.day[row] !== day) row = this.next[row]!;
    if (row === NONE) {
      row = this.code.length;
      this.code.push(code);
      this.day.push(day);
      this.at.push(at);
      this.carton.push(carton);
      this.count.push(lookups);
      this.bucket.push(bucket);
      if (head === NONE) {
        this.first.set(code, row);
        this.next.push(NONE);
      } else {
        this.next.push(this.next[head]!);
        this.next[head] = row;
      }
      return;
    }
    this.count[row]! += lookups;
    if (this.bucket[row] === bucket) return;
    const more = this.moreBuckets.get(row);
    if (more === undefined) this.moreBuckets.set(row, [bucket]);
    else if (!more.includes(bucket)) more.push(bucket);
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
    this.clearRows();
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
          this.tally(entry.code, entry.day, i === 0 ? fits : 0, bucket, entry.carton, entry.at);
      }
    }
    for (const entry of unknown) if (entry.at < since || !this.addUnknown(entry)) dropped += entry.lookups;
    return dropped;
  }

  private clearRows(): void {
    this.first.clear();
    this.moreBuckets.clear();
    for (const column of [this.code, this.day, this.at, this.carton, this.count, this.bucket, this.next])
      column.length = 0;
  }
}
