import type { TraceResult } from '@/api/traceResult';
import type { PrintedPack } from '@/contract/gs1/printedPack';

/** What looking a code up came to; 'pending' until its answer is in. */
export type Outcome = 'pending' | 'found' | 'notFound' | 'invalid' | 'error';

/** A code one typo away that the service knows, with its answer (taking it needs no second call). */
export interface Suggestion {
  code: string;
  result: TraceResult;
}

/** One row of the batch: a code the customer sent and what the service said about it. */
export interface CheckedCode {
  /** The code looked up (after a "did you mean" was taken, the one chosen). */
  code: string;
  outcome: Outcome;
  result: TraceResult | null;
  /**
   * Codes one confusable character away that the service knows, offered as "did you mean";
   * null while they are not looked up (or need not be).
   */
  suggestions: Suggestion[] | null;
  /** What the customer sent, when staff took a suggestion instead. */
  sentAs: string | null;
  /** What the GS1 Digital Link the code came in says of the pack (compared with the record), when it came in one. */
  pack?: PrintedPack;
}

/** Whether a code's typo variants are worth looking up: only a miss or a one-off length can be a typo. */
export function needsVariants(outcome: Outcome, nearMiss: boolean): boolean {
  return outcome === 'notFound' || (outcome === 'invalid' && nearMiss);
}
