import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { serverStateReceived } from '@/api/traceApi';
import { takeEarlyResponse } from './earlyTrace';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import { makeStore } from '@/store/store';

/** The page in the browser; `serverState` is what a server render's store held, to hydrate with. */
export function App({ serverState }: { serverState?: { traceApi: unknown } }) {
  const [store] = useState(() => {
    const created = makeStore(undefined, { earlyResponse: takeEarlyResponse });
    if (serverState) created.dispatch(serverStateReceived(serverState));
    return created;
  });
  return (
    <AppProviders store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
