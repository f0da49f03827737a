import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { httpsRedirectTarget } from './app/httpsRedirect';
import { createI18n, isLanguage } from './i18n/i18n';
import { SERVER_STATE_ID } from './api/traceContract';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const httpsTarget = httpsRedirectTarget(window.location);
if (httpsTarget) {
  window.location.replace(httpsTarget);
} else {
  // A page the server rendered carries its store's state and its language; hydrate it in both.
  const serverState = document.getElementById(SERVER_STATE_ID)?.textContent;
  const renderedIn = document.documentElement.lang;
  // Each start-up step in a task of its own (the bundle's evaluation, the texts, then hydration in
  // slices): on a slow phone no one of them holds the main thread long enough to delay a tap.
  // initReactI18next makes the instance the one every useTranslation reads.
  void nextTask()
    .then(() => createI18n(serverState && isLanguage(renderedIn) ? renderedIn : undefined))
    .then(nextTask)
    .then(() => {
      const root = document.getElementById('root')!;
      const app = (
        <StrictMode>
          <App serverState={serverState ? (JSON.parse(serverState) as { traceApi: unknown }) : undefined} />
        </StrictMode>
      );
      // As a transition, hydration yields to the browser every few milliseconds instead of holding the
      // main thread in one long task; the server's HTML is on screen meanwhile.
      if (serverState) startTransition(() => void hydrateRoot(root, app));
      else createRoot(root).render(app);
    });
}
