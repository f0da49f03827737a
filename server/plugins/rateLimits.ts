import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { rateLimitStoreOptions } from './rateLimitStore.ts';
import { createTarpit } from './tarpit.ts';

/** What a page render learns from the lookup budget: whether it is spent, and for how long. */
export interface BudgetVerdict {
  isExceeded: boolean;
  ttlInSeconds: number;
}

/** A hook that takes one request from a budget, and answers 429 (the contract's body) when it is spent. */
export type LimitHook = ReturnType<FastifyInstance['rateLimit']>;

/** How long a refusal for a spent budget is held before it is sent, and how many at most at once. */
const REFUSAL_HOLD_MS = 1000;
const REFUSALS_HELD_MAX = 1000;

/** The plugin's hook answers a spent budget by throwing its 429; the throw waits for `hold` first. */
function holdingRefusals(hook: LimitHook, hold: () => Promise<void>): LimitHook {
  return async function (this: FastifyInstance, request, reply) {
    try {
      await hook.call(this, request, reply);
    } catch (refusal) {
      await hold();
      throw refusal;
    }
  };
}

export interface RateLimits {
  /** For the trace endpoint's onRequest: one lookup from its client's budget, 429 when spent. */
  lookup?: LimitHook;
  /** One lookup from the same budget, taken by a page render, which answers a spent budget itself. */
  takeLookup?: (request: FastifyRequest) => Promise<BudgetVerdict>;
  /** For the pictures' onRequest: one request from a budget of their own. */
  image?: LimitHook;
  /** Waits before a refusal goes out (server/plugins/tarpit.ts), for refusals sent outside these hooks. */
  holdRefusal?: () => Promise<void>;
}

/**
 * The service's per-client budgets, all in one store (in this process or in Redis). A lookup through
 * the API and a page render count against one budget, keyed by the client's address alone, so the page
 * path is no way around RATE_LIMIT_MAX. Pictures have a budget apart, under a key of their own: they
 * are served from memory, and a page's picture must not spend a shopper's lookups. Every refusal is
 * held a second before it goes out (server/plugins/tarpit.ts).
 */
export async function registerRateLimits(app: FastifyInstance, config: Config): Promise<RateLimits> {
  const lookups = config.rateLimitMax > 0;
  const images = config.imageRateLimitMax > 0;
  if (!lookups && !images) return {};
  // Registered on the app itself (the plugin does not encapsulate), so every route can take from it.
  await app.register(rateLimit, { global: false, ...(await rateLimitStoreOptions(config, app)) });
  const window = config.rateLimitWindowMs;
  const lookupBudget = { max: config.rateLimitMax, timeWindow: window };
  // One bound for every held refusal, whichever budget it came from (server/plugins/tarpit.ts).
  const hold = createTarpit(REFUSALS_HELD_MAX, REFUSAL_HOLD_MS);
  const take = app.createRateLimit(lookupBudget);
  const takeLookup = async (request: FastifyRequest): Promise<BudgetVerdict> => {
    const verdict = await take(request);
    // Allowed outright only by an allow list, which is not used.
    if (verdict.isAllowed) return { isExceeded: false, ttlInSeconds: 0 };
    if (verdict.isExceeded) await hold();
    return verdict;
  };
  return {
    holdRefusal: hold,
    ...(lookups ? { lookup: holdingRefusals(app.rateLimit(lookupBudget), hold), takeLookup } : {}),
    ...(images
      ? {
          image: holdingRefusals(
            app.rateLimit({
              max: config.imageRateLimitMax,
              timeWindow: window,
              keyGenerator: (request) => `image ${normalizeIP(request.ip)}`,
            }),
            hold,
          ),
        }
      : {}),
  };
}
