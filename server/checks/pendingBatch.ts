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
  /** This process took it for the device's first lookup of the code today (what the answer showed). */
  newDevice: boolean;
}

export interface Estimate {
  lookups: number;
  devices: number;
}

/**
 * Lookups not yet written, at most `max` of them and `max` distinct unknown codes; with what each code
 * gains by them as this process sees it, for the answers given before the write.
 */
export class PendingBatch {
  readonly lookups: PendingLookup[] = [];
  readonly unknown = new Map<string, { day: string; code: string; lookups: number }>();
  readonly estimates = new Map<string, Estimate>();

  constructor(private readonly max: number) {}

  get empty(): boolean {
    return this.lookups.length === 0 && this.unknown.size === 0;
  }

  /** False when full: the lookup is dropped. */
  add(lookup: PendingLookup): boolean {
    if (this.lookups.length >= this.max) return false;
    this.lookups.push(lookup);
    const estimate = this.estimates.get(lookup.code) ?? { lookups: 0, devices: 0 };
    estimate.lookups++;
    if (lookup.newDevice) estimate.devices++;
    this.estimates.set(lookup.code, estimate);
    return true;
  }

  /** False when the batch already holds `max` distinct unknown codes and not this one. */
  addUnknown(day: string, code: string, lookups = 1): boolean {
    const key = `${day}\n${code}`;
    const entry = this.unknown.get(key);
    if (entry) {
      entry.lookups += lookups;
      return true;
    }
    if (this.unknown.size >= this.max) return false;
    this.unknown.set(key, { day, code, lookups });
    return true;
  }

  /** Takes back a batch whose write failed, oldest first; returns how many lookups did not fit. */
  takeBack(failed: PendingBatch): number {
    const mine = this.lookups.splice(0);
    this.estimates.clear();
    let dropped = 0;
    for (const lookup of [...failed.lookups, ...mine]) if (!this.add(lookup)) dropped++;
    for (const { day, code, lookups } of failed.unknown.values())
      if (!this.addUnknown(day, code, lookups)) dropped += lookups;
    return dropped;
  }
}
