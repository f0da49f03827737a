import type { FastifyRequest } from 'fastify';
import { sendBusyPage, type BusyTextsOf } from '../http/busyPage.ts';
import type { PageRenderer } from './pageRender.ts';
import type { BudgetVerdict } from '../plugins/rateLimits.ts';

/** A render slot frees within milliseconds: a second is as soon as a retry makes sense. */
const RENDER_RETRY_AFTER_S = 1;

export interface PageGuardOptions {
  /** One lookup from the client's budget, shared with the API; none when RATE_LIMIT_MAX=0. */
  takeLookup?: (request: FastifyRequest) => Promise<BudgetVerdict>;
  /** Renders admitted at once in this process, waiting for their turn or in progress. */
  maxInFlight: number;
  /** Holds a 503 before it goes out, as the budget's refusals are held (server/plugins/tarpit.ts). */
  holdRefusal?: () => Promise<void>;
  /** What the refusal says, in the visitor's language. */
  busyTexts: BusyTextsOf;
}

/**
 * Every render takes one lookup from its client's budget, whether or not its address names a code
 * (a codeless page costs a render all the same), then a place among the renders admitted. A spent
 * budget gets 429; with `maxInFlight` renders already admitted the page gets 503. The places make a
 * tiny bounded queue: the page module starts its renders one per event-loop turn (src/ssr/renderTurns.ts),
 * so a render waits for at most `maxInFlight` others, where a longer queue would only turn a flood into
 * waiting for everyone. Either refusal is held a
 * while before it goes out (server/plugins/tarpit.ts), so a flood runs at the pace of its own connections. A
 * refused request still counts against the budget, as a lookup with a wrong key does.
 */
export function guardRenders(
  render: PageRenderer,
  { takeLookup, maxInFlight, holdRefusal, busyTexts }: PageGuardOptions,
): PageRenderer {
  let inFlight = 0;
  return async (request, reply) => {
    if (takeLookup) {
      const budget = await takeLookup(request);
      if (budget.isExceeded)
        return sendBusyPage(reply, 429, budget.ttlInSeconds, busyTexts(request, budget.ttlInSeconds));
    }
    if (inFlight >= maxInFlight) {
      await holdRefusal?.();
      return sendBusyPage(reply, 503, RENDER_RETRY_AFTER_S, busyTexts(request, RENDER_RETRY_AFTER_S));
    }
    inFlight++;
    try {
      return await render(request, reply);
    } finally {
      inFlight--;
    }
  };
}
