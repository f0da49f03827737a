import { createHmac, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { vietnamDay, vietnamDayEnd } from '../../src/contract/vietnamDay.ts';
import { networkOf } from '../checks/network.ts';

// Reports per network and per code per Vietnam day (issue 41 point 6), counted in this process's memory like
// the counting's networks: a network is kept as its HMAC under a random salt of the day, which is never written
// anywhere and is replaced at midnight (the counts with it), so nothing here relates a report to an address.

export interface ReportLimitRules {
  perNetwork: number;
  perCode: number;
  /** Networks and codes remembered at most per day; the least recent go first past it. */
  maxKeys: number;
}

export interface LimitVerdict {
  allowed: boolean;
  /** When refused: seconds until the day ends in Vietnam. */
  retryAfterSeconds: number;
}

export class ReportLimits {
  private day = '';
  private salt = randomBytes(32);
  private readonly networks: LRUCache<string, number>;
  private readonly codes: LRUCache<string, number>;

  constructor(
    private readonly rules: ReportLimitRules,
    private readonly now: () => number = Date.now,
  ) {
    this.networks = new LRUCache({ max: rules.maxKeys });
    this.codes = new LRUCache({ max: rules.maxKeys });
  }

  /** Takes one report of `address`'s network on `code` when both have some left today; else nothing is taken. */
  take(address: string, code: string): LimitVerdict {
    const now = this.now();
    const today = vietnamDay(now);
    if (today !== this.day) {
      this.day = today;
      this.salt = randomBytes(32);
      this.networks.clear();
      this.codes.clear();
    }
    const network = createHmac('sha256', this.salt).update(networkOf(address)).digest('base64url');
    const fromNetwork = this.networks.get(network) ?? 0;
    const onCode = this.codes.get(code) ?? 0;
    if (fromNetwork >= this.rules.perNetwork || onCode >= this.rules.perCode) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((vietnamDayEnd(today) - now) / 1000)) };
    }
    this.networks.set(network, fromNetwork + 1);
    this.codes.set(code, onCode + 1);
    return { allowed: true, retryAfterSeconds: 0 };
  }
}
