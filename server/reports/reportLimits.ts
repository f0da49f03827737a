import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { vietnamDay, vietnamDayEnd } from '../../src/contract/vietnamDay.ts';
import { networkOf } from '../checks/network.ts';

// Reports per network, per (code, network) and per code per Vietnam day (issue 41 point 6), counted in this process's memory like
// the counting's networks: a network is kept as its HMAC under a random salt of the day, which is never written
// anywhere and is replaced at midnight (the counts with it), so nothing here relates a report to an address.

export interface ReportLimitRules {
  perNetwork: number;
  /**
   * Reports one code may get a day from everyone together: a bound on storage, set high, since a few networks
   * could otherwise fill it with junk early and silence every genuine report on the code (hence also `oncePerCode`).
   */
  perCode: number;
  /** Networks and codes remembered at most per day; the least recent go first past it. */
  maxKeys: number;
}

/**
 * Why a report was refused: its network sent its reports for the day, or already reported this code today, or the
 * code has had its day's reports from everyone: each is told to the shopper as it is.
 */
export type LimitRefusal = 'network' | 'networkCode' | 'code';

export interface LimitVerdict {
  allowed: boolean;
  refusal?: LimitRefusal;
  /** When refused: seconds until the day ends in Vietnam. */
  retryAfterSeconds: number;
  /** When allowed: gives the report back (its write failed), so the shopper may send it again today. */
  giveBack: () => void;
}

export class ReportLimits {
  private day = '';
  /**
   * The day's salt, prepared once as a key: createHmac given the bytes prepares them again on every call (11 µs
   * against 1.7 µs on this machine, twice a report, on the service's thread).
   */
  private salt: KeyObject = createSecretKey(randomBytes(32));
  private readonly networks: LRUCache<string, number>;
  private readonly codes: LRUCache<string, number>;
  /** (code, network) pairs that reported today: a network reports one code once a day, so a few cannot fill its cap. */
  private readonly pairs: LRUCache<string, true>;

  constructor(
    private readonly rules: ReportLimitRules,
    private readonly now: () => number = Date.now,
  ) {
    this.networks = new LRUCache({ max: rules.maxKeys });
    this.codes = new LRUCache({ max: rules.maxKeys });
    this.pairs = new LRUCache({ max: rules.maxKeys });
  }

  /** Takes one report of `address`'s network on `code` when both have some left today; else nothing is taken. */
  take(address: string, code: string): LimitVerdict {
    const now = this.now();
    const today = vietnamDay(now);
    if (today !== this.day) {
      this.day = today;
      this.salt = createSecretKey(randomBytes(32));
      this.networks.clear();
      this.codes.clear();
      this.pairs.clear();
    }
    const hmac = (text: string) => createHmac('sha256', this.salt).update(text).digest('base64url');
    const where = networkOf(address);
    const network = hmac(where);
    const pair = hmac(`${code}\n${where}`);
    const fromNetwork = this.networks.get(network) ?? 0;
    const onCode = this.codes.get(code) ?? 0;
    const refusal: LimitRefusal | undefined =
      fromNetwork >= this.rules.perNetwork
        ? 'network'
        : this.pairs.has(pair)
          ? 'networkCode'
          : onCode >= this.rules.perCode
            ? 'code'
            : undefined;
    if (refusal !== undefined) {
      return {
        allowed: false,
        refusal,
        retryAfterSeconds: Math.max(1, Math.ceil((vietnamDayEnd(today) - now) / 1000)),
        giveBack: () => undefined,
      };
    }
    this.networks.set(network, fromNetwork + 1);
    this.codes.set(code, onCode + 1);
    this.pairs.set(pair, true);
    const salt = this.salt;
    const giveBack = () => {
      // Only within the day it was taken: a new day's counts never had it.
      if (this.salt !== salt) return;
      const left = (counts: LRUCache<string, number>, key: string) => {
        const count = counts.get(key) ?? 0;
        if (count <= 1) counts.delete(key);
        else counts.set(key, count - 1);
      };
      left(this.networks, network);
      left(this.codes, code);
      this.pairs.delete(pair);
    };
    return { allowed: true, retryAfterSeconds: 0, giveBack };
  }
}
