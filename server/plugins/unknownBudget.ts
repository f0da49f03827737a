import { normalizeIP } from '@fastify/rate-limit';
import { AddressCounters } from './addressCounters.ts';

/**
 * Each client's budget of unknown codes asked of the upstream (issue 37, review N2): a code the upstream
 * does not know is a cache miss every time, so a client sending random codes at its whole lookup budget
 * would spend the page server's budget at the upstream, and every other shopper's with it. Once a
 * client has had `max` unknown codes in a window, its lookups that would reach the upstream are refused
 * until the window ends; answers kept in the cache are still served. Counted per instance, in at most
 * `capacity` addresses (server/plugins/addressCounters.ts: a client at its limit is never evicted).
 */
export class UnknownBudget {
  private readonly counters: AddressCounters;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    capacity: number,
    private readonly now: () => number = Date.now,
  ) {
    this.counters = new AddressCounters(capacity);
  }

  /** Milliseconds until this client may ask the upstream again; 0: now. */
  waitFor(address: string): number {
    return this.counters.blockedFor(normalizeIP(address), this.now());
  }

  /** One unknown code answered for this client. */
  spend(address: string): void {
    this.counters.increment(normalizeIP(address), this.now(), this.windowMs, this.max);
  }
}
