import type { Redis } from 'ioredis';
import { SALT_BYTES, processSalt } from './device.ts';

/**
 * Where the day's salt lives: in this process's memory, or in Redis when instances share counts
 * (REDIS_URL), stored there with an expiry at the day's end. Never in the database: whoever holds the
 * database (or a backup of it) cannot relate a stored hash to an address.
 */
export interface DaySalts {
  /** The salt of `day` (a Vietnam day), which ends at `endsAt` (Unix ms). */
  salt(day: string, endsAt: number): Promise<Buffer>;
  /** A salt given while the shared store did not answer: asked again after a pause, not kept for the day. */
  provisional?(salt: Buffer): boolean;
  close?(): Promise<void>;
}

/** How long a provisional salt is used before the shared store is asked again. */
export const PROVISIONAL_SALT_MS = 30_000;

/** Salts of this process only: instances on one database then each know a device by their own hash. */
export function memorySalts(): DaySalts {
  const salts = new Map<string, Buffer>();
  return {
    async salt(day) {
      let salt = salts.get(day);
      if (salt === undefined) {
        salt = processSalt();
        salts.set(day, salt);
        // Today's and yesterday's (lookups written just after midnight): older ones are forgotten.
        for (const kept of salts.keys()) if (salts.size > 2 && kept !== day) salts.delete(kept);
      }
      return salt;
    },
  };
}

const KEY = (day: string) => `trace:checks:salt:${day}`;
/** Kept this long past the day's end: the batch written just after midnight still hashes with it. */
const AFTER_DAY_MS = 10 * 60_000;

/**
 * The salt every instance shares, created by the first one (SET NX) with an expiry at the day's end.
 * While Redis does not answer, the instance uses a provisional salt of its own (a device seen by two
 * instances meanwhile counts once on each within the repeat window), asks again after a pause, and says
 * so once.
 */
export function redisSalts(redis: Redis, onFallback: (error: unknown) => void): DaySalts {
  const own = memorySalts();
  const provisional = new WeakSet<Buffer>();
  return {
    provisional: (salt) => provisional.has(salt),
    close: async () => void redis.disconnect(),
    async salt(day, endsAt) {
      try {
        const fresh = processSalt().toString('base64');
        await redis.set(KEY(day), fresh, 'PXAT', endsAt + AFTER_DAY_MS, 'NX');
        const stored = await redis.get(KEY(day));
        const salt = stored === null ? undefined : Buffer.from(stored, 'base64');
        if (salt?.length === SALT_BYTES) return salt;
        throw new Error(`the salt of ${day} in Redis was missing or damaged`);
      } catch (error) {
        onFallback(error);
        const salt = await own.salt(day, endsAt);
        provisional.add(salt);
        return salt;
      }
    },
  };
}
