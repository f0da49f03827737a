import type { TraceResult } from '@/api/traceResult';
import type { CheckedCode, Outcome, Suggestion } from './checkedCode';
import type { Extraction, FoundCode, Unread } from './codeExtraction';

export type Phase = 'idle' | 'lookingUp' | 'tryingVariants' | 'finished';

/** The support page's batch: its rows, where the lookups are, and what the text held besides codes. */
export interface BatchState {
  phase: Phase;
  rows: CheckedCode[];
  unread: Unread[];
  overflow: number;
  progress: { done: number; total: number };
  /** The service asked to slow down; the lookups go on by themselves. */
  waiting: boolean;
}

export const idleBatch: BatchState = {
  phase: 'idle',
  rows: [],
  unread: [],
  overflow: 0,
  progress: { done: 0, total: 0 },
  waiting: false,
};

export type BatchEvent =
  | { type: 'started'; extraction: Extraction; lookups: number }
  | { type: 'answered'; index: number; outcome: Exclude<Outcome, 'pending'>; result: TraceResult | null }
  | { type: 'variantsStarted'; total: number }
  | { type: 'variantAnswered' }
  | { type: 'suggested'; suggestions: Map<number, Suggestion[]> }
  | { type: 'waitingChanged'; waiting: boolean }
  | { type: 'finished' }
  | { type: 'suggestionTaken'; index: number; suggestion: Suggestion };

function rowOf({ code, nearMiss, pack }: FoundCode): CheckedCode {
  const row: CheckedCode = {
    code,
    outcome: nearMiss ? 'invalid' : 'pending',
    result: null,
    suggestions: null,
    sentAs: null,
  };
  return pack ? { ...row, pack } : row;
}

/** Each event of a batch's life, as a state machine: answers of a finished batch change nothing. */
export function batchReducer(state: BatchState, event: BatchEvent): BatchState {
  switch (event.type) {
    case 'started': {
      const { codes, unread, overflow } = event.extraction;
      const rows = codes.map(rowOf);
      return {
        phase: 'lookingUp',
        rows,
        unread,
        overflow,
        progress: { done: 0, total: event.lookups },
        waiting: false,
      };
    }
    case 'answered': {
      if (state.phase !== 'lookingUp') return state;
      const rows = state.rows.map((row, index) =>
        index === event.index ? { ...row, outcome: event.outcome, result: event.result } : row,
      );
      return { ...state, rows, progress: { ...state.progress, done: state.progress.done + 1 } };
    }
    case 'variantsStarted':
      return state.phase === 'lookingUp'
        ? { ...state, phase: 'tryingVariants', progress: { done: 0, total: event.total } }
        : state;
    case 'variantAnswered':
      return state.phase === 'tryingVariants'
        ? { ...state, progress: { ...state.progress, done: state.progress.done + 1 } }
        : state;
    case 'suggested': {
      const rows = state.rows.map((row, index) => {
        const found = event.suggestions.get(index);
        return found ? { ...row, suggestions: found } : row;
      });
      return { ...state, rows };
    }
    case 'waitingChanged':
      return { ...state, waiting: event.waiting };
    case 'finished':
      return { ...state, phase: 'finished', waiting: false };
    case 'suggestionTaken': {
      // Staff chose it: the row now shows the suggested code's answer, and what the customer sent.
      const { suggestion } = event;
      const rows = state.rows.map((row, index) =>
        index === event.index
          ? {
              code: suggestion.code,
              outcome: 'found' as const,
              result: suggestion.result,
              suggestions: null,
              sentAs: row.sentAs ?? row.code,
            }
          : row,
      );
      return { ...state, rows };
    }
  }
}
