import { hash, randomBytes } from 'node:crypto';

/** Slots per set: a pair is found, or takes the set's oldest slot, in at most this many probes. */
const WAYS = 8;

/**
 * This process's memory of which device looked up which code when (the repeat window: a reload within 30
 * minutes counts once), in typed arrays allocated once: 16 bytes a slot, no object per visit.
 *
 * Why not a Map or an LRU of strings: in a service answering thousands of lookups a second, 100,000 string
 * keys living up to half an hour each are promoted to V8's old generation and collected there. A stand-in LRU
 * of the same keys, filled with the counter otherwise off, added about 10 µs of the event loop's CPU per lookup
 * (user and system time, page faults included; issue 36, point 10). These arrays are 4 MB, allocated once.
 *
 * A pair is known by 64 bits of a keyed hash (the key is random and never leaves the process), so the memory
 * holds no address, code or User-Agent. The table is set-associative: a pair lives in one set of WAYS slots
 * and a new pair takes the set's oldest slot. With pairs in the window at a third of the slots, about 1 set
 * in 600 holds more than WAYS of them and forgets its oldest early (about 1 pair in 1,000): that device's next
 * lookup of the code counts again. So the count can come out high under a load far past a shop's, never low (as the LRU it replaces,
 * which forgot the oldest pair past its bound). Two pairs share 64 bits once in 2^64.
 */
export class RecentVisits {
  private readonly mask: number;
  /** Per slot, the two halves of the pair's tag. */
  private readonly tags: Int32Array;
  /** Per slot, when the pair was last counted (Unix ms); -Infinity when the slot is free. */
  private readonly times: Float64Array;
  private readonly key = randomBytes(16).toString('base64');

  /** `capacity`: slots, rounded up to a power of two sets of WAYS. */
  constructor(capacity: number) {
    const sets = 2 ** Math.ceil(Math.log2(Math.max(1, Math.ceil(capacity / WAYS))));
    this.mask = sets - 1;
    this.tags = new Int32Array(sets * WAYS * 2);
    this.times = new Float64Array(sets * WAYS).fill(-Infinity);
  }

  /** The slot and tag of the pair `counts` looked at last, for `remember` (three numbers: no object a lookup). */
  private lastSlot = 0;
  private lastHigh = 0;
  private lastLow = 0;

  /**
   * Whether a visit at `now` counts: the pair's first, or its last counted one is `windowMs` old or more.
   * It is remembered only by `remember`, once the lookup is kept.
   */
  counts(code: string, address: string, userAgent: string, now: number, windowMs: number): boolean {
    const digest = hash('sha256', `${this.key}${code}\n${address}\n${userAgent}`, 'buffer');
    const first = (digest.readUInt32LE(0) & this.mask) * WAYS;
    const high = digest.readInt32LE(4);
    const low = digest.readInt32LE(8);
    let slot = first;
    for (let probe = first; probe < first + WAYS; probe++) {
      if (this.tags[2 * probe] === high && this.tags[2 * probe + 1] === low) {
        slot = probe;
        break;
      }
      if (this.times[probe]! < this.times[slot]!) slot = probe;
    }
    this.lastSlot = slot;
    this.lastHigh = high;
    this.lastLow = low;
    return this.tags[2 * slot] !== high || this.tags[2 * slot + 1] !== low || !(now - this.times[slot]! < windowMs);
  }

  /** Remembers the pair `counts` looked at last as counted at `now` (in its own slot, or its set's oldest). */
  remember(now: number): void {
    this.tags[2 * this.lastSlot] = this.lastHigh;
    this.tags[2 * this.lastSlot + 1] = this.lastLow;
    this.times[this.lastSlot] = now;
  }

  /** Forgets every visit (a new day: each device's first lookup of a code that day counts). */
  clear(): void {
    this.times.fill(-Infinity);
  }
}
