import type { TraceResponse } from '../../src/contract/traceContract.ts';
import type { TraceAnswer, TraceSource } from '../domain/traceSource.ts';
import type { Audience, LookupCounter, Visitor } from './lookupCounter.ts';
import { withChecks } from './spliceChecks.ts';

/** How a lookup ended, for the metrics by audience. */
export type AnsweredOutcome = 'found' | 'not_found' | 'error';

export type AnswerObserver = (outcome: AnsweredOutcome, audience: Audience) => void;

/** One lookup for one visitor: the API's and the page render's, the same way in every mode. */
export type CheckedLookup = (code: string, visitor: Visitor) => TraceAnswer | Promise<TraceAnswer>;

const outcomeOf = (status: number): AnsweredOutcome =>
  status === 200 ? 'found' : status === 204 ? 'not_found' : 'error';

/** Whether a 200 answer is a carton's: the database's answers say so; an upstream's body is read. */
function isCarton(answer: TraceAnswer): boolean {
  if (answer.carton !== undefined) return answer.carton;
  const body = answer.wire().body as TraceResponse | undefined;
  return (body?.Data?.Box?.length ?? 0) > 0 && (body?.Data?.Products?.length ?? 0) === 0;
}

/**
 * The source's answer, with the code's counts beside a found item when counting is on (a shopper's
 * lookup counted first); unknown codes counted apart. Counting never fails a lookup: without counts
 * the answer is sent as it is.
 */
export function checkedLookup(
  source: TraceSource,
  counter: LookupCounter | undefined,
  observe: AnswerObserver = () => {},
): CheckedLookup {
  const settle = (answer: TraceAnswer, code: string, visitor: Visitor): TraceAnswer | Promise<TraceAnswer> => {
    observe(outcomeOf(answer.status), visitor.audience);
    if (counter === undefined) return answer;
    if (answer.status === 204) {
      counter.unknown(code, visitor);
      return answer;
    }
    if (answer.status !== 200) return answer;
    const checks = counter.checks(code, visitor, answer.counts, isCarton(answer));
    return checks instanceof Promise ? checks.then((known) => withChecks(answer, known)) : withChecks(answer, checks);
  };
  return (code, visitor) => {
    let answer: TraceAnswer | Promise<TraceAnswer>;
    try {
      answer = source.lookup(code, visitor);
    } catch (error) {
      observe('error', visitor.audience);
      throw error;
    }
    if (!(answer instanceof Promise)) return settle(answer, code, visitor);
    return answer.then(
      (settled) => settle(settled, code, visitor),
      (error: unknown) => {
        observe('error', visitor.audience);
        throw error;
      },
    );
  };
}
