import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_KEY_HEADER } from '../../src/contract/traceContract.ts';
import type { Config } from '../config.ts';
import { sendError } from '../http/errors.ts';
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

const KEY_HEADER = API_KEY_HEADER.toLowerCase();

/**
 * How a lookup is limited by who asks. A trusted server client (TRUSTED_CLIENT_KEYS: a page server in
 * front of this service) asks for many shoppers from one address: its lookups take from a budget of
 * its key's, and each from the budget of the shopper it names in X-Forwarded-For (the first address:
 * the page server sends exactly one, and a proxy between may append its own after it). Without that
 * header only its key's budget applies. Everyone else: their own address's budget.
 */
function clientOf(trustedKeys: ReadonlySet<string>) {
  const trustedKey = (request: FastifyRequest): string | undefined => {
    const key = request.headers[KEY_HEADER];
    return typeof key === 'string' && trustedKeys.has(key) ? key : undefined;
  };
  const forwarded = (request: FastifyRequest): string | undefined => {
    const header = request.headers['x-forwarded-for'];
    const first = (typeof header === 'string' ? header : undefined)?.split(',')[0]?.trim();
    return first !== undefined && isIP(first) !== 0 ? first : undefined;
  };
  return {
    trustedKey,
    /** The budget a lookup takes from: its shopper's address. */
    address: (request: FastifyRequest) =>
      normalizeIP((trustedKey(request) === undefined ? undefined : forwarded(request)) ?? request.ip),
    /** A trusted client that names no shopper: its key's budget alone. */
    unnamed: (request: FastifyRequest) => trustedKey(request) !== undefined && forwarded(request) === undefined,
  };
}

/** A key as the store holds it: its digest, never the key (Redis keys are listed by anyone with access). */
const keyDigest = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 22);

/**
 * A trusted client's lookup from its key's budget. Taken with createRateLimit, not as a second
 * rateLimit hook: the plugin runs only the first of its hooks on a request.
 */
function keyBudget(
  app: FastifyInstance,
  config: Config,
  trustedKey: (request: FastifyRequest) => string | undefined,
  hold: () => Promise<void>,
): LimitHook {
  const take = app.createRateLimit({
    max: config.trustedClientRateLimitMax,
    timeWindow: config.rateLimitWindowMs,
    keyGenerator: (request) => `client key ${keyDigest(trustedKey(request) ?? '')}`,
    allowList: (request) => trustedKey(request) === undefined,
  });
  return async function (request, reply) {
    const verdict = await take(request);
    if (verdict.isAllowed || !verdict.isExceeded) return;
    await hold();
    reply.header('retry-after', String(verdict.ttlInSeconds));
    return sendError(
      request,
      reply,
      'RATE_LIMIT',
      429,
      "Too many lookups for this server client's key, try again later",
    );
  };
}

export interface RateLimits {
  /** For the trace endpoint's onRequest: one lookup from its client's budget, 429 when spent. */
  lookup?: LimitHook;
  /** For the trace endpoint's onRequest, before `lookup`: a trusted server client's lookup from its key's budget. */
  trustedKey?: LimitHook;
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
  const trusted = config.trustedClientKeys.length > 0 && config.trustedClientRateLimitMax > 0;
  if (!lookups && !images && !trusted) return {};
  // Registered on the app itself (the plugin does not encapsulate), so every route can take from it.
  await app.register(rateLimit, { global: false, ...(await rateLimitStoreOptions(config, app)) });
  const window = config.rateLimitWindowMs;
  const client = clientOf(new Set(config.trustedClientKeys));
  // The page renders' budget (takeLookup) is keyed by the same address, so both still share one.
  const lookupBudget = {
    max: config.rateLimitMax,
    timeWindow: window,
    keyGenerator: client.address,
    allowList: client.unnamed,
  };
  // One bound for every held refusal, whichever budget it came from (server/plugins/tarpit.ts).
  const hold = createTarpit(REFUSALS_HELD_MAX, REFUSAL_HOLD_MS);
  const take = app.createRateLimit(lookupBudget);
  const takeLookup = async (request: FastifyRequest): Promise<BudgetVerdict> => {
    const verdict = await take(request);
    // Allowed outright only by the allow list: a trusted server client that names no shopper.
    if (verdict.isAllowed) return { isExceeded: false, ttlInSeconds: 0 };
    if (verdict.isExceeded) await hold();
    return verdict;
  };
  return {
    holdRefusal: hold,
    ...(lookups ? { lookup: holdingRefusals(app.rateLimit(lookupBudget), hold), takeLookup } : {}),
    ...(trusted ? { trustedKey: keyBudget(app, config, client.trustedKey, hold) } : {}),
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
