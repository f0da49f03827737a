// As Vite adds it to a page whose entry index.html lists: it fetches the loader's modulepreload links
// where the browser does not (scripts/vite/loadPath.ts makes this file an entry of its own).
import 'vite/modulepreload-polyfill';
import { StrictMode, startTransition } from 'react';
import { httpsRedirectTarget } from './app/httpsRedirect';
import { createI18n, isLanguage } from './i18n/i18n';
import { shellFields } from './boot/fieldHandOver';
import { PAGE_LIVE, PAGE_READING, SERVER_STATE_ID, announce, pageRoot } from './boot/protocol';
import { serverHtml } from './shared/serverHtml';
import type { ServerState } from './app/App';

// A background tab runs timers once a second at most: nothing there to keep responsive, so no yields.
const nextTask = () =>
  document.visibilityState === 'hidden' ? Promise.resolve() : new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  // Each start-up step in a task of its own, so that on a slow phone no one of them holds the main
  // thread long enough to delay a tap: this small entry, React's DOM renderer, the providers,
  // the page's components (evaluated together, they were one task of 80 ms in Lighthouse's mobile
  // model), the texts, then hydration in slices. Their chunks are all fetched at once beforehand (the
  // loader tag scripts/vite/loadPath.ts writes). initReactI18next makes the instance the one
  // every useTranslation reads.
  await nextTask();
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await nextTask();
  await import('./app/providers'); // evaluated here, used by App
  await nextTask();
  const { App, loadResultView, whenLinkReaderLive } = await import('./app/App');
  await nextTask();
  // Until here the loader may swap the server's page for its copy in the other language (a tap on the
  // language button: src/boot/languageSwap.ts); from here on the HTML is read as it is.
  announce(PAGE_READING);
  // The field hand-over, step 1: the HTML's text fields (the code field, the support desk's box) are
  // held before the page's first render, as the visitor may have typed into them meanwhile. Step 2 is
  // the page's own field as it first mounts (QrCodeField, CodeInput); step 3 ends it once React has
  // committed (onCommitted below). See src/boot/fieldHandOver.ts.
  shellFields.hold(document);
  // A page the server rendered carries its store's state and its language; hydrate it in both.
  const serverState = document.getElementById(SERVER_STATE_ID)?.textContent;
  const renderedIn = document.documentElement.lang;
  // The static build's shell renders the result itself, in its first render: its view's chunk (requested with
  // the start-up chunks there) first. A page the server rendered keeps its result as HTML (ResultIsland).
  if (!serverState) await loadResultView().catch(() => undefined);
  await createI18n(serverState && isLanguage(renderedIn) ? renderedIn : undefined);
  await nextTask();
  const root = pageRoot()!;
  // The loader (inline in the head: src/boot/tapHolder.ts) holds the taps made on the HTML's buttons until
  // the page says it is live, then makes them again: from hydrateRoot on, React takes taps itself (hydrating
  // at once what a tap needs); a fresh render over the static shell answers them only once it has committed.
  // A Digital Link's page has its buttons behind the link reader's chunk (a Suspense boundary): live once they
  // have hydrated, else a tap made again on them was lost.
  const linkReader = whenLinkReaderLive(window.location);
  const live = () => (linkReader ? void linkReader.then(() => announce(PAGE_LIVE)) : announce(PAGE_LIVE));
  const committed = () => {
    shellFields.endReplaced();
    if (!serverState) live();
  };
  const app = (
    <StrictMode>
      <App serverState={serverState ? (JSON.parse(serverState) as ServerState) : undefined} onCommitted={committed} />
    </StrictMode>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread in one long task; the server's HTML is on screen meanwhile.
  if (serverState) {
    serverHtml.start();
    startTransition(() => void hydrateRoot(root, app));
    live();
  } else createRoot(root).render(app);
}

const httpsTarget = httpsRedirectTarget(window.location);
if (httpsTarget) window.location.replace(httpsTarget);
// A chunk that fails to load leaves the server's page as it is, which works without script; say why.
else start().catch((error: unknown) => console.error('The page could not start its script:', error));
