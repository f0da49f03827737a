import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { memorySalts, redisSalts, type DaySalts } from './daySalts.ts';
import { PENDING_MAX_AGE_MS } from './lookupCounter.ts';

interface Log {
  warn(message: string): void;
}

/** The first shopper of a day waits at most this for the day's salt. */
const REDIS_TIMEOUT_MS = 1_000;

/**
 * The day's salt: in Redis when the instances share it (REDIS_URL, as the rate limit), so that one
 * device is one hash on every instance; else in this process's memory. Never in the database.
 */
export async function daySaltsFor(config: Config, logger: { current?: Log }): Promise<DaySalts> {
  if (config.redisUrl === undefined) return memorySalts();
  const redis = new Redis(config.redisUrl, {
    connectionName: 'trace-service-checks',
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_TIMEOUT_MS,
    connectTimeout: REDIS_TIMEOUT_MS,
    lazyConnect: true,
  });
  // The rate limit's connection reports Redis's outages; this one stays quiet about them.
  redis.on('error', () => {});
  await redis.connect().catch(() => {});
  let warned = false;
  return redisSalts(redis, () => {
    if (warned) return;
    warned = true;
    logger.current?.warn(
      "the day's salt could not be read from Redis: this instance uses its own until Redis answers (a device seen by two instances meanwhile counts on each)",
    );
  });
}

/**
 * A failed write as one log line, without a stack: why (`describe`: the storage's own words for its
 * failures, e.g. the database is locked), and what became of the lookups.
 */
export function writeFailure(
  error: unknown,
  { waiting, dropped }: { waiting: number; dropped: number },
  describe: (error: unknown) => string | undefined,
): string {
  const reason = describe(error) ?? (error instanceof Error ? error.message : String(error));
  const kept = `${waiting} lookups wait for the next write (up to ${PENDING_MAX_AGE_MS / 60_000} minutes)`;
  return dropped > 0
    ? `lookup counts not written (${reason}): ${dropped} lookups older than that dropped; ${kept}`
    : `lookup counts not written (${reason}): ${kept}`;
}
