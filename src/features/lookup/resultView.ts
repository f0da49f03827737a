import type { ComponentType } from 'react';
import type { TraceResultProps } from './result/TraceResultView';

type ResultView = ComponentType<TraceResultProps>;

let loaded: ResultView | null = null;
let loading: Promise<ResultView> | null = null;

/**
 * The result's own components (verdicts, summary, table, a carton's units, share, report) in a chunk of their
 * own: a deep link the server rendered keeps its result as HTML until it is acted on (./ResultIsland.tsx), so
 * its first load does without them (npm run size). The server render, the static build's shell (its loader
 * requests the chunk with the entry's: scripts/vite/loadPath.ts) and a new search load it before they show a
 * result. A chunk that failed to arrive is asked for again next time.
 */
export function loadResultView(): Promise<ResultView> {
  loading ??= import('./result/TraceResultView').then(
    (module) => (loaded = module.TraceResultView),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The result's components once their chunk is in, else null. */
export const loadedResultView = (): ResultView | null => loaded;
