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
 * Lets renders start one per turn of the event loop. A render is milliseconds of CPU that mostly runs
 * without yielding, and the requests of one turn are handled back to back: fifty page requests read in
 * one turn would render in a row while an API lookup read in the same turn waited behind them all.
 * Started from setImmediate, each render runs after that turn's requests were handled (a lookup is
 * answered, another page request is admitted or refused), so a lookup waits for one render at most.
 */
function renderTurns() {
  const starts: (() => void)[] = [];
  let scheduled = false;
  const next = () => {
    scheduled = false;
    starts.shift()?.();
    // Scheduled from within this turn's setImmediate callbacks, it runs in the next turn.
    if (starts.length > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(next);
  };
  return () =>
    new Promise<void>((start) => {
      starts.push(start);
      schedule();
    });
}

/**
 * Every render takes one lookup from its client's budget, whether or not its address names a code
 * (a codeless page costs a render all the same), then a place among the renders admitted. A spent
 * budget gets 429; with `maxInFlight` renders already admitted the page gets 503. The places make a
 * tiny bounded queue: a render waits for its turn (above), never for more than `maxInFlight` renders,
 * where a longer queue would only turn a flood into waiting for everyone. Either refusal is held a
 * while before it goes out (server/plugins/tarpit.ts), so a flood runs at the pace of its own connections. A
 * refused request still counts against the budget, as a lookup with a wrong key does.
 */
export function guardRenders(
  render: PageRenderer,
  { takeLookup, maxInFlight, holdRefusal, busyTexts }: PageGuardOptions,
): PageRenderer {
  const turn = renderTurns();
  let inFlight = 0;
  return async (request, reply) => {
    if (takeLookup) {
      const budget = await takeLookup(request);
      if (budget.isExceeded) return sendBusyPage(reply, 429, budget.ttlInSeconds, busyTexts(request));
    }
    if (inFlight >= maxInFlight) {
      await holdRefusal?.();
      return sendBusyPage(reply, 503, RENDER_RETRY_AFTER_S, busyTexts(request));
    }
    inFlight++;
    try {
      await turn();
      return await render(request, reply);
    } finally {
      inFlight--;
    }
  };
}
