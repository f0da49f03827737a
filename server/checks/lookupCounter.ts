import { LRUCache } from 'lru-cache';
import type { TraceChecks } from '../../src/contract/traceContract.ts';
import type { CheckStore, CodeLookups, CodeTotals, DeviceVisits, NetworkSeen, UnknownLookups } from './checkStore.ts';
import { memorySalts, PROVISIONAL_SALT_MS, type DaySalts } from './daySalts.ts';
import { deviceHash, networkHash } from './device.ts';
import { networkBucket, networkOf } from './network.ts';
import { bucketsSince, networksSince, windowStart } from './networkDays.ts';
import { PendingBatch, type PendingUnknown } from './pendingBatch.ts';
import { RecentVisits } from './recentVisits.ts';
import { vietnamDay, vietnamDayEnd } from '../../src/contract/vietnamDay.ts';

/**
 * Who a lookup is for: only shoppers' lookups are counted (server/checks/audience.ts). `unseen`: a fetch
 * no shopper looked at (a prefetch, a link preview, a crawler, another site's <img> or <iframe>, a HEAD).
 */
export type Audience = 'shopper' | 'staff' | 'recheck' | 'unseen';

export interface Visitor {
  audience: Audience;
  /** The request carried a staff key: its lookups of unknown codes are not recorded either. */
  staffKey: boolean;
  /** The client's address as the service sees it (TRUST_PROXY decides). */
  address: string;
  userAgent: string;
}

/** What the metrics hear from counting (server/checks/checkMetrics.ts). */
export interface CounterObserver {
  unknownLookup(): void;
  dropped(lookups: number): void;
  failed(): void;
  crossed(codes: number): void;
}

export interface CounterOptions {
  /** Distinct networks within the window from which a code (not a carton) carries the caution. */
  cautionNetworks: number;
  /** The window over which networks are counted, in days (today included). */
  windowDays?: number;
  /** Where the day's salt lives (memory by default; Redis when instances share counts). */
  salts?: DaySalts;
  /** Test clocks move it (Unix ms). */
  now?: () => number;
  /** A device's lookups of one code within this count once. */
  repeatWindowMs?: number;
  /** How often pending lookups are written. */
  flushMs?: number;
  /** How long lookups wait for a database that refuses the writes (busy, away); older ones are dropped. */
  pendingMaxAgeMs?: number;
  /** Lookups (and distinct unknown codes) waiting at most, for memory; past it they are dropped and counted in a metric. */
  pendingMax?: number;
  /** Codes whose stored totals are kept in memory. */
  cacheMax?: number;
  /** How long kept totals are used before they are read again (other instances add to them). */
  cacheTtlMs?: number;
  /** Distinct unknown codes stored a day. */
  unknownCodesPerDay?: number;
  observer?: CounterObserver;
  /** Told of a write that failed (the database away or busy), and how many lookups now wait or were dropped. */
  onWriteError?: (error: unknown, state: { waiting: number; dropped: number }) => void;
}

export const REPEAT_WINDOW_MS = 30 * 60_000;
export const WINDOW_DAYS = 30;
const FLUSH_MS = 2_000;
/** Lookups wait this long for a busy database (a long `npm run import`): the bound stated in time. */
export const PENDING_MAX_AGE_MS = 5 * 60_000;
/** And at most this many, for memory (about 200 bytes each): far past 5 minutes of real shoppers. */
const PENDING_MAX = 500_000;
const CACHE_MAX = 50_000;
const CACHE_TTL_MS = 5_000;
const UNKNOWN_CODES_PER_DAY = 1_000;
/** One network may store 2 % of the day's unknown codes: 50 networks to fill the day's slots. */
const UNKNOWN_SHARE_PER_NETWORK = 0.02;
/**
 * This process's memory of which device looked up which code when (recentVisits.ts): the repeat window itself
 * for a store that keeps no device rows (SQLite), else the answers before a write. Slots: 4 MB, allocated once.
 */
const RECENT_VISITS = 262_144;
/** Salts of this many days are kept in memory: today's, and yesterday's for lookups written after midnight. */
const SALT_DAYS = 2;

const silent: CounterObserver = { unknownLookup: () => {}, dropped: () => {}, failed: () => {}, crossed: () => {} };

/** The last write's totals of its codes, and when it returned (Unix ms). */
interface Written {
  totals: ReadonlyMap<string, CodeTotals>;
  at: number;
  /** The batch written, when the store left out the codes it stored first: their totals are what it brought. */
  batch: PendingBatch | undefined;
}

interface Kept {
  totals: CodeTotals | undefined;
  readAt: number;
}

/**
 * Counts shoppers' lookups of each code (issue 26) and says, for each answer, what is known: the
 * stored totals (kept in memory a few seconds), plus what this process has not written yet, this
 * lookup included. Lookups wait in memory and are written in one transaction every `flushMs`: a
 * lookup never waits for a write, a crash loses at most one batch, and while the database is away they
 * wait (bounded) and the next write takes them.
 */
export class LookupCounter {
  private readonly now: () => number;
  private readonly repeatWindowMs: number;
  private readonly pendingMax: number;
  private readonly cacheTtlMs: number;
  private readonly unknownCodesPerDay: number;
  private readonly windowDays: number;
  private readonly pendingMaxAgeMs: number;
  private readonly daySalts: DaySalts;
  private readonly observer: CounterObserver;
  private readonly onWriteError: NonNullable<CounterOptions['onWriteError']>;
  private pending: PendingBatch;
  private inFlight: PendingBatch | undefined;
  private writing: Promise<void> | undefined;
  // LRUCache, not a Map whose oldest key is deleted: a Map keeps a hole per deleted entry until it
  // compacts, and finding its first key steps over all of them (20-35 µs an insert when full, which
  // halved the lookups a second; lru-cache: 0.7 µs).
  private readonly cache: LRUCache<string, Kept>;
  private readonly reads = new Map<string, Promise<CodeTotals | undefined>>();
  /** The last write's totals of its codes, and when it returned (Unix ms). */
  private written: Written = { totals: new Map(), at: 0, batch: undefined };
  /** Lookups came without their stored totals (upstream mode): this counter reads and keeps them (`cache`). */
  private readsTotals = false;
  private readonly visits = new RecentVisits(RECENT_VISITS);
  private memoryDay = '';
  /** The store keeps no device rows (SQLite): no lookup waits for the day's salt, nor is hashed with it. */
  private readonly repeatsInMemory: boolean;
  private readonly salts = new LRUCache<string, Buffer>({ max: SALT_DAYS });
  private saltLoading: Promise<unknown> | undefined;
  /** The Vietnam day of the last lookup and when it ends (Unix ms): most lookups need no date arithmetic. */
  private day = { name: '', ends: 0, windowFrom: 0 };
  /** The day of the last write: the first write of a new day deletes the last day's salt and devices. */
  private writtenDay = '';
  /** After a failed read: lookups of codes not in memory get no counts (nor wait for the database) until a write succeeds. */
  private away = false;
  private readonly timer: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly store: CheckStore,
    private readonly options: CounterOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.repeatsInMemory = store.repeatsInMemory === true;
    this.repeatWindowMs = options.repeatWindowMs ?? REPEAT_WINDOW_MS;
    this.pendingMax = options.pendingMax ?? PENDING_MAX;
    this.cache = new LRUCache({ max: Math.max(1, options.cacheMax ?? CACHE_MAX) });
    this.cacheTtlMs = options.cacheTtlMs ?? CACHE_TTL_MS;
    this.unknownCodesPerDay = options.unknownCodesPerDay ?? UNKNOWN_CODES_PER_DAY;
    this.windowDays = options.windowDays ?? WINDOW_DAYS;
    this.pendingMaxAgeMs = options.pendingMaxAgeMs ?? PENDING_MAX_AGE_MS;
    this.daySalts = options.salts ?? memorySalts();
    this.observer = options.observer ?? silent;
    this.onWriteError = options.onWriteError ?? (() => {});
    this.pending = new PendingBatch(this.pendingMax, !this.repeatsInMemory);
    this.timer = setInterval(() => void this.flush(), options.flushMs ?? FLUSH_MS).unref();
    this.loadSalt(this.dayOf(this.now()));
  }

  private dayOf(now: number): string {
    if (now >= this.day.ends || now < this.day.ends - 86_400_000) {
      const name = vietnamDay(now);
      this.day = {
        name,
        ends: vietnamDayEnd(name),
        windowFrom: windowStart(name, this.windowDays),
      };
    }
    return this.day.name;
  }

  /** Fetches the day's salt in the background, so the lookups of the day hash their device at once. */
  private loadSalt(day: string): void {
    if (this.salts.has(day) || this.saltLoading) return;
    this.saltLoading = this.saltOf(day)
      .catch(() => {})
      .finally(() => (this.saltLoading = undefined));
  }

  /**
   * The counts to answer an existing code with, after counting this lookup if it is a shopper's;
   * undefined when nothing is known (a code never counted, looked up by staff; the database away).
   * `stored`: the code's totals when the lookup read them with the code (null: never counted), so
   * that no second read is needed; undefined in upstream mode, where the counter reads them itself.
   * `carton`: the answer is a carton's, which never carries the caution.
   */
  checks(
    code: string,
    visitor: Visitor,
    stored?: CodeTotals | null,
    carton = false,
  ): TraceChecks | undefined | Promise<TraceChecks | undefined> {
    const now = this.now();
    const today = this.dayOf(now);
    // The first shopper of a day (or of this process) waits for the day's salt, so that every lookup of
    // the day knows its device by the same hash; with the database away, it goes on without.
    if (visitor.audience === 'shopper' && !this.repeatsInMemory && !this.salts.has(today) && !this.away) {
      return this.saltOf(today).then(
        () => this.checks(code, visitor, stored, carton),
        () => this.checks(code, visitor, stored, carton),
      );
    }
    if (visitor.audience === 'shopper') this.count(code, visitor, now, today, carton);
    if (stored !== undefined) {
      // The lookup read the totals with the code. The last write's totals first, while fresh: they include
      // this process's last batch, which a read of a snapshot begun just before that write's commit would
      // not. One probe of the write's own map: no LRU kept per code for this (issue 36, point 10). A code the
      // write stored first is not in it: what its batch brought is its totals.
      const { totals, at, batch } = this.written;
      const written = totals.get(code);
      const first = written === undefined && batch?.has(code) === true;
      const fresh = (written !== undefined || first) && (now - at < this.cacheTtlMs || this.inFlight?.has(code));
      if (fresh && first) return this.compose(code, undefined, today, carton, batch);
      return this.compose(code, fresh ? written : (stored ?? undefined), today, carton);
    }
    const kept = this.cache.get(code);
    const fresh = kept !== undefined && (now - kept.readAt < this.cacheTtlMs || this.inFlight?.has(code));
    // Kept totals first: after a write they include this process's last batch.
    if (fresh) return this.compose(code, kept.totals, today, carton);
    if (this.away) return kept === undefined ? undefined : this.compose(code, kept.totals, today, carton);
    const read = this.read(code, now);
    if (!(read instanceof Promise)) return this.compose(code, read, today, carton);
    // A database that does not answer: the totals last read, however old, or none.
    return read.then(
      (totals) => this.compose(code, totals, today, carton),
      () => (kept === undefined ? undefined : this.compose(code, kept.totals, today, carton)),
    );
  }

  /**
   * A lookup of a code the service does not hold: recorded whoever declares what (a self-declared staff
   * or re-check purpose, a crawler's User-Agent), unless it carries a staff key; counted as a shopper's
   * lookup in the metric only when it is one.
   */
  unknown(code: string, visitor: Visitor): void {
    if (visitor.staffKey) return;
    if (visitor.audience === 'shopper') this.observer.unknownLookup();
    const now = this.now();
    const day = this.dayOf(now);
    const salt = this.salts.get(day);
    if (salt === undefined) this.loadSalt(day);
    const network = networkOf(visitor.address);
    const entry: PendingUnknown = {
      day,
      code,
      lookups: visitor.audience === 'shopper' ? 1 : 0,
      network: salt && networkHash(salt, network),
      address: salt === undefined ? network : undefined,
      at: now,
    };
    if (!this.pending.addUnknown(entry)) this.observer.dropped(1);
  }

  /** Writes what is pending (the timer calls it; tests and shutdown too). Never throws. */
  flush(): Promise<void> {
    this.writing ??= this.write().finally(() => (this.writing = undefined));
    return this.writing;
  }

  /** Writes what is pending, then closes the store. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    await this.writing;
    await this.flush();
    await this.store.close();
    await this.daySalts.close?.();
  }

  private count(code: string, { address, userAgent }: Visitor, now: number, today: string, carton: boolean): void {
    if (today !== this.memoryDay) {
      this.visits.clear();
      this.memoryDay = today;
    }
    if (!this.visits.counts(code, address, userAgent, now, this.repeatWindowMs)) return;
    if (this.repeatsInMemory) {
      if (this.pending.addCounted(code, today, networkBucket(code, networkOf(address)), carton, now))
        this.visits.remember(now);
      else this.observer.dropped(1);
      return;
    }
    // The device's hash as the store keeps it, with the day's salt (or, before the day's salt is known,
    // what the write hashes once it has it).
    const salt = this.salts.get(today);
    if (salt === undefined) this.loadSalt(today);
    const device = salt && deviceHash(salt, address, userAgent);
    const lookup = {
      code,
      day: today,
      at: now,
      device,
      visitor: device === undefined ? { address, userAgent } : undefined,
      bucket: networkBucket(code, networkOf(address)),
      carton,
    };
    if (!this.pending.add(lookup)) {
      this.observer.dropped(1);
      return;
    }
    this.visits.remember(now);
  }

  private read(code: string, now: number): CodeTotals | undefined | Promise<CodeTotals | undefined> {
    this.readsTotals = true;
    const inRead = this.reads.get(code);
    if (inRead) return inRead;
    const keep = (found: Map<string, CodeTotals>) => {
      const totals = found.get(code);
      this.cache.set(code, { totals, readAt: now });
      return totals;
    };
    const fail = (error: unknown) => {
      this.away = true;
      throw error;
    };
    try {
      const found = this.store.totals([code]);
      if (!(found instanceof Promise)) return keep(found);
      const reading = found.then(keep, fail).finally(() => this.reads.delete(code));
      this.reads.set(code, reading);
      return reading;
    } catch (error) {
      return Promise.reject(error).catch(fail);
    }
  }

  /** `written`: the last write's batch, when it stored the code first (its totals are what the batch brought). */
  private compose(
    code: string,
    stored: CodeTotals | undefined,
    today: string,
    carton: boolean,
    written?: PendingBatch,
  ): TraceChecks | undefined {
    const inFlight = this.inFlight?.has(code) === true;
    const pending = this.pending.has(code);
    // Each batch's rows of the code, one per day (two across midnight).
    const lookups =
      (stored?.lookups ?? 0) +
      (written?.lookupsOf(code) ?? 0) +
      (inFlight ? this.inFlight!.lookupsOf(code) : 0) +
      (pending ? this.pending.lookupsOf(code) : 0);
    if (lookups === 0) return undefined;
    const from = this.day.windowFrom;
    const storedNetworks = stored?.networks ?? '';
    let networks = networksSince(storedNetworks, from);
    // Networks not stored (or not read) yet: those whose bucket the stored ones do not hold already.
    if (written !== undefined || inFlight || pending) {
      const known = bucketsSince(storedNetworks, from);
      written?.addBucketsOf(code, known);
      this.inFlight?.addBucketsOf(code, known);
      this.pending.addBucketsOf(code, known);
      networks = known.size;
    }
    const firstDay = stored?.firstDay ?? written?.firstDayOf(code) ?? today;
    return {
      FirstDay: firstDay,
      Lookups: lookups,
      Networks: networks,
      Caution: !carton && networks >= this.options.cautionNetworks,
    };
  }

  private async saltOf(day: string): Promise<Buffer> {
    let salt = this.salts.get(day);
    if (salt === undefined) {
      salt = await this.daySalts.salt(day, vietnamDayEnd(day));
      // A provisional salt (Redis did not answer) is used a while, then Redis is asked again.
      this.salts.set(day, salt, this.daySalts.provisional?.(salt) ? { ttl: PROVISIONAL_SALT_MS } : {});
    }
    return salt;
  }

  private async write(): Promise<void> {
    const today = this.dayOf(this.now());
    if (this.pending.empty && today === this.writtenDay) return;
    const batch = this.pending;
    this.pending = new PendingBatch(this.pendingMax, !this.repeatsInMemory);
    this.inFlight = batch;
    try {
      const visits = new Map<string, DeviceVisits>();
      const networks = new Map<string, NetworkSeen>();
      const counted: CodeLookups[] = [];
      const seen: NetworkSeen[] = [];
      // A store whose repeat window is this memory: each lookup of the batch counts (count() left the
      // repeats out), and the batch holds them per code and day already.
      if (this.repeatsInMemory)
        for (const { day, code, lookups, buckets, carton } of batch.codes()) {
          counted.push({ day, code, lookups });
          for (const bucket of buckets) seen.push({ day, code, bucket, carton });
        }
      for (const { code, day, at, device: hashed, visitor, bucket, carton } of batch.lookups) {
        networks.set(`${day}\n${code}\n${bucket}`, { day, code, bucket, carton });
        const device = hashed ?? deviceHash(await this.saltOf(day), visitor!.address, visitor!.userAgent);
        const key = `${day}\n${code}\n${device}`;
        const visit = visits.get(key);
        if (visit) visit.times.push(at);
        else visits.set(key, { day, code, device, times: [at] });
      }
      const unknown: UnknownLookups[] = [];
      for (const { day, code, lookups, network, address } of batch.unknown.values())
        unknown.push({ day, code, lookups, network: network ?? networkHash(await this.saltOf(day), address!) });
      const result = await this.store.write(
        {
          visits: [...visits.values()],
          counted,
          networks: this.repeatsInMemory ? seen : [...networks.values()],
          unknown,
          today,
        },
        {
          repeatWindowMs: this.repeatWindowMs,
          cautionNetworks: this.options.cautionNetworks,
          windowDays: this.windowDays,
          unknownCodesPerDay: this.unknownCodesPerDay,
          unknownCodesPerNetwork: Math.max(1, Math.ceil(this.unknownCodesPerDay * UNKNOWN_SHARE_PER_NETWORK)),
          // Totals this counter keeps per code (upstream mode) must hold the batch's new codes too.
          totalsOfNewCodes: this.readsTotals,
        },
      );
      const readAt = this.now();
      this.written = { totals: result.totals, at: readAt, batch: result.newCodesLeftOut ? batch : undefined };
      // Totals this counter read itself (upstream mode) are kept per code: the batch's are renewed.
      if (this.readsTotals)
        for (const code of batch.codeKeys()) this.cache.set(code, { totals: result.totals.get(code), readAt });
      if (result.crossed.length > 0) this.observer.crossed(result.crossed.length);
      this.writtenDay = today;
      this.away = false;
    } catch (error) {
      // Not `away`: a write refused while `npm run import` holds SQLite's lock leaves reads working.
      // The batch waits for the next write, up to pendingMaxAgeMs.
      this.observer.failed();
      const dropped = this.pending.takeBack(batch, this.now() - this.pendingMaxAgeMs);
      if (dropped > 0) this.observer.dropped(dropped);
      this.onWriteError(error, { waiting: this.pending.size + this.pending.unknown.size, dropped });
    } finally {
      this.inFlight = undefined;
    }
  }
}
