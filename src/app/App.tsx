import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { serverStateReceived } from '@/api/traceApi';
import { takeEarlyResponse } from './earlyTrace';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import { makeStore } from '@/store/store';

/**
 * The page in the browser; `serverState` is what a server render's store held, to hydrate with.
 * `onCommitted` is called once the page's first render is on the document.
 */
export function App({ serverState, onCommitted }: { serverState?: { traceApi: unknown }; onCommitted?: () => void }) {
  const [store] = useState(() => {
    const created = makeStore(undefined, { earlyResponse: takeEarlyResponse });
    if (serverState) created.dispatch(serverStateReceived(serverState));
    return created;
  });
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after the first commit
  useEffect(() => onCommitted?.(), []);
  return (
    <AppProviders store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
