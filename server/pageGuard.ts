import type { FastifyRequest } from 'fastify';
import { sendBusyPage } from './http/busyPage.ts';
import type { PageRenderer } from './pageRender.ts';
import type { BudgetVerdict } from './rateLimits.ts';

/** A render slot frees within milliseconds: a second is as soon as a retry makes sense. */
const RENDER_RETRY_AFTER_S = 1;

export interface PageGuardOptions {
  /** One lookup from the client's budget, shared with the API; none when RATE_LIMIT_MAX=0. */
  takeLookup?: (request: FastifyRequest) => Promise<BudgetVerdict>;
  /** Renders in progress at once in this process. */
  maxInFlight: number;
}

/**
 * Every render takes one lookup from its client's budget, whether or not its address names a code
 * (a codeless page costs a render all the same), then a render slot. A spent budget gets 429; with
 * every slot taken the page gets 503 at once. No queue: under a flood a queue only turns overload into
 * waiting for everyone, the API's lookups included, while a refusal costs next to nothing and says when
 * to come back. A refused request still counts, as a lookup with a wrong key does.
 */
export function guardRenders(render: PageRenderer, { takeLookup, maxInFlight }: PageGuardOptions): PageRenderer {
  let inFlight = 0;
  return async (request, reply) => {
    if (takeLookup) {
      const budget = await takeLookup(request);
      if (budget.isExceeded) return sendBusyPage(request, reply, 429, budget.ttlInSeconds);
    }
    if (inFlight >= maxInFlight) return sendBusyPage(request, reply, 503, RENDER_RETRY_AFTER_S);
    inFlight++;
    try {
      return await render(request, reply);
    } finally {
      inFlight--;
    }
  };
}
