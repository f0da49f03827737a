import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { AddressCounters } from './addressCounters.ts';

type Result = { current: number; ttl: number };

/** Every instance's counts for one client address live under one key. */
const KEY_PREFIX = 'trace:lookups:';

/**
 * One fixed window per key, in one atomic step: the first request of a window starts its expiry, so
 * every instance sees the same window end. A key somehow left without an expiry gets one.
 */
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

/** Both the first connection and a command may wait this long before the lookup goes on without Redis. */
const REDIS_TIMEOUT_MS = 500;
/**
 * After a command failed, Redis is left alone this long: one that hangs (a network partition keeps
 * the connection looking open) then delays the lookups of one timeout, not every lookup.
 */
const RETRY_AFTER_MS = 2000;

export interface SharedCounters {
  store: new () => FastifyRateLimitStore;
  close(): void;
}

/**
 * Counts in Redis (or Valkey), shared by every instance. If Redis cannot answer, lookups are not
 * refused for it: each instance counts in its own bounded memory until Redis is back, so a client gets
 * at most the limit from each instance meanwhile. The change is logged once each way.
 */
export async function connectSharedCounters(
  url: string,
  fallback: () => AddressCounters,
  log: FastifyBaseLogger,
): Promise<SharedCounters> {
  const where = new URL(url).host;
  const redis = new Redis(url, {
    connectionName: 'trace-service',
    // Without these a command waits (queued, retried) while Redis is away, and so does the lookup.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_TIMEOUT_MS,
    connectTimeout: REDIS_TIMEOUT_MS,
  });
  let shared = false;
  let outage = false;
  let retryAt = 0;
  const lost = (error: Error) => {
    if (!shared) return;
    shared = false;
    outage = true;
    log.warn(
      { err: error },
      `Redis at ${where} unreachable: each instance counts lookups against the rate limit on its own until it is back`,
    );
  };
  const found = () => {
    // A new connection is proof enough: a failure just before it must not keep counting local for its pause.
    retryAt = 0;
    if (shared) return;
    shared = true;
    log.info(`Redis at ${where} reachable${outage ? ' again' : ''}: the rate limit is shared by every instance`);
  };
  // ioredis reports each failed reconnection attempt as an 'error' event; only a change is worth a line.
  redis.on('error', lost);
  redis.on('ready', found);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(settle, 2 * REDIS_TIMEOUT_MS);
    function settle() {
      clearTimeout(timer);
      redis.off('ready', settle);
      redis.off('error', settle);
      resolve();
    }
    redis.once('ready', settle);
    redis.once('error', settle);
  });
  if (!shared) {
    outage = true;
    log.warn(
      `Redis at ${where} unreachable at start: each instance counts lookups against the rate limit on its own until it is reachable`,
    );
  }

  class SharedStore implements FastifyRateLimitStore {
    private readonly local = fallback();

    incr(key: string, callback: (error: Error | null, result?: Result) => void, timeWindow: number, max: number): void {
      const counted = () => callback(null, this.local.increment(key, Date.now(), timeWindow, max));
      if (redis.status !== 'ready' || Date.now() < retryAt) return counted();
      redis.eval(INCREMENT, 1, KEY_PREFIX + key, timeWindow).then(
        (reply) => {
          // A Redis that had stopped answering without dropping the connection is back.
          found();
          const [current, ttl] = reply as [number, number];
          callback(null, { current, ttl });
        },
        (error: Error) => {
          retryAt = Date.now() + RETRY_AFTER_MS;
          lost(error);
          counted();
        },
      );
    }

    // One store for every limiter, as in Redis: while Redis is away, the page and the API still share a budget.
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return { store: SharedStore, close: () => redis.disconnect() };
}
