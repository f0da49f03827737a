import { Counter, type Registry } from 'prom-client';
import type { AnswerObserver, AnsweredOutcome } from './checkedLookup.ts';
import type { Audience, CounterObserver } from './lookupCounter.ts';

const OUTCOMES: readonly AnsweredOutcome[] = ['found', 'not_found', 'error'];
const AUDIENCES: readonly Audience[] = ['shopper', 'staff', 'recheck', 'unseen'];

/** Counting's Prometheus metrics (issue 26), in the service's registry (server/plugins/metrics.ts). */
export function checkMetrics(registry: Registry): { answered: AnswerObserver; counter: CounterObserver } {
  const answers = new Counter({
    name: 'trace_lookup_answers_total',
    help: "Lookups answered (API and rendered pages), by outcome and audience: shopper, staff (a staff key or X-Lookup-Purpose: staff), recheck (the page's recall watch and its own links) or unseen (a prefetch, link preview, crawler, another site's embed, a HEAD); only shoppers' are counted",
    labelNames: ['outcome', 'audience'] as const,
    registers: [registry],
  });
  const series = new Map<string, Counter.Internal>();
  for (const outcome of OUTCOMES) {
    for (const audience of AUDIENCES) {
      const child = answers.labels(outcome, audience);
      // Present from the start, at 0, so a rate() of any series has one to work on.
      child.inc(0);
      series.set(`${outcome} ${audience}`, child);
    }
  }
  const unknown = new Counter({
    name: 'trace_unknown_code_lookups_total',
    help: "Shoppers' lookups of codes the service does not hold (codes invented for fakes among them); the codes of other lookups are recorded too, not counted here",
    registers: [registry],
  });
  const crossed = new Counter({
    name: 'trace_checks_caution_codes_total',
    help: 'Codes whose distinct networks within CHECKS_WINDOW_DAYS reached CHECKS_CAUTION_NETWORKS (counted by the instance whose write crossed it)',
    registers: [registry],
  });
  const dropped = new Counter({
    name: 'trace_checks_dropped_lookups_total',
    help: 'Lookups not counted: older than 5 minutes while the database refused the writes, or past the pending bound (a flood)',
    registers: [registry],
  });
  const failed = new Counter({
    name: 'trace_checks_failed_writes_total',
    help: 'Batches of counts whose write failed (the database away or busy); their lookups wait for the next write, up to 5 minutes',
    registers: [registry],
  });
  return {
    answered: (outcome, audience) => series.get(`${outcome} ${audience}`)?.inc(),
    counter: {
      unknownLookup: () => unknown.inc(),
      dropped: (lookups) => dropped.inc(lookups),
      failed: () => failed.inc(),
      crossed: (codes) => crossed.inc(codes),
    },
  };
}
