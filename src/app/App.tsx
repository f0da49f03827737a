import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { serverStateReceived } from '@/api/traceApi';
import { takeEarlyResponse } from './earlyTrace';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import { LinkLevelPrefill } from '@/features/lookup';
import { makeStore } from '@/store/store';
import type { Gs1LevelAnswer } from '@/contract/gs1/gs1Contract';

// For src/main.tsx, which imports this module as a start-up stage: the static build's shell loads the result's
// view before its first render, and a Digital Link's page is live once the link reader's part has hydrated.
export { loadResultView, whenLinkReaderLive } from '@/features/lookup';

/** What a server render leaves for the page: its store's answers, and a Digital Link's lot or product JSON. */
export interface ServerState {
  traceApi: unknown;
  gs1Level?: Gs1LevelAnswer;
}

/**
 * The page in the browser; `serverState` is what a server render's store held, to hydrate with.
 * `onCommitted` is called once the page's first render is on the document.
 */
export function App({ serverState, onCommitted }: { serverState?: ServerState; onCommitted?: () => void }) {
  const [store] = useState(() => {
    const created = makeStore(undefined, { earlyResponse: takeEarlyResponse });
    if (serverState) created.dispatch(serverStateReceived(serverState));
    return created;
  });
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after the first commit
  useEffect(() => onCommitted?.(), []);
  return (
    <AppProviders store={store}>
      <LinkLevelPrefill.Provider value={serverState?.gs1Level ?? null}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </LinkLevelPrefill.Provider>
    </AppProviders>
  );
}
