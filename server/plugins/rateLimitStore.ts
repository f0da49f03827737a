import type { FastifyRateLimitOptions, FastifyRateLimitStore, RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { AddressCounters, type WindowCount } from './addressCounters.ts';
import { connectSharedCounters } from './rateLimitRedis.ts';

/**
 * A store class for @fastify/rate-limit. The plugin asks a store for a child per limited route; each
 * limiter gets this same store back, so limiters share a budget exactly when they share a key (the
 * API's lookups and the page renders), as they do in Redis.
 */
function boundedStore(capacity: number) {
  return class BoundedStore implements FastifyRateLimitStore {
    private readonly counters = new AddressCounters(capacity);

    constructor(_options?: FastifyRateLimitOptions) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: WindowCount) => void,
      timeWindow: number,
      max: number,
    ): void {
      callback(null, this.counters.increment(key, Date.now(), timeWindow, max));
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/**
 * Where the limiter keeps its counts: in Redis with REDIS_URL, so every instance shares them, else in
 * this process, bounded. The Redis connection closes with `app`.
 */
export async function rateLimitStoreOptions(
  config: Config,
  app: FastifyInstance,
): Promise<Pick<RateLimitPluginOptions, 'store'>> {
  if (config.redisUrl === undefined) return { store: boundedStore(config.rateLimitAddresses) };
  const shared = await connectSharedCounters(
    config.redisUrl,
    () => new AddressCounters(config.rateLimitAddresses),
    app.log,
  );
  app.addHook('onClose', (_instance, done) => {
    shared.close();
    done();
  });
  return { store: shared.store };
}
