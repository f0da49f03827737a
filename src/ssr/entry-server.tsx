import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { matchRoutes } from 'react-router-dom';
import { traceApi } from '@/api/traceApi';
import type {
  BusyTexts,
  PageRenderResult,
  RenderPage,
  TraceTransport,
  TraceWireAnswer,
} from '@/contract/traceContract';
import { AppProviders } from '@/app/providers';
import { AppRoutes, routes } from '@/app/router';
import { makeStore, type AppStore } from '@/store/store';
import { trustedHostsOf } from '@/config';
import { parseDigitalLink } from '@/contract/gs1/digitalLink';
import type { Gs1LevelAnswer, Gs1PageRenderRequest } from '@/contract/gs1/gs1Contract';
import {
  installLinkParser,
  isDigitalLinkAddress,
  LinkLevelPrefill,
  loadResultView,
  readAddress,
} from '@/features/lookup';
import { packMismatches } from '@/features/lookup/onDemand';
import { createServerI18n, pageHead } from '@/i18n/i18n';
import { switchedLanguage, type Language } from '@/i18n/languages';
import { requestLanguage } from '@/i18n/requestLanguage';
import { vietnamDay } from '@/contract/vietnamDay';
import { createRenderCache, type PageHtml, type PageView } from '@/ssr/renderCache';
import { renderTurns } from '@/ssr/renderTurns';
import { createStaticPages } from '@/ssr/staticPages';
import { withKeptTranslations } from '@/ssr/keptTranslations';
import { brand } from '../../theme/brand';

/** Every render of this module starts in an event-loop turn of its own (src/ssr/renderTurns.ts). */
const renderTurn = renderTurns();

/** The whole HTML once every part is ready: the lazy scanner controls render too, so hydration matches. */
async function renderToHtml(element: React.ReactNode): Promise<string> {
  // The result's components are a chunk of their own in the browser (src/features/lookup/resultView.ts).
  await loadResultView();
  await renderTurn();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
    });
  });
}

// Read-only once made (a render never changes its language), so one instance per language serves every
// request; making one per request cost about a tenth of a render.
const serverI18n: Partial<Record<Language, i18n>> = {};

/** What RTK Query's rehydration reads (the answers and their tags), not the store's settings. */
function answersOf({ queries, mutations, provided }: ReturnType<AppStore['getState']>['traceApi']) {
  return { queries, mutations, provided };
}

/** JSON that cannot close the <script> element it sits in, nor open a comment. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

// The page reads GS1 Digital Link addresses with it; the browser loads it only at such an address.
installLinkParser(parseDigitalLink);

/** Where a page without a known route is rendered: the not-found page is the same at any unknown path. */
const NOT_FOUND_ROUTE = '/404';
/** A GS1 Digital Link's address (`/01/{gtin}/…`, compressed), which the lookup page answers. */
const DIGITAL_LINK_ROUTE = '/01/';
/** The routes of the lookup page, whose address's code is looked up. */
const LOOKUP_ROUTES = new Set(['/', '/dt']);

/** The address, or null when it is none (`//`: a scheme-relative URL with no host). */
function addressOf(url: string): URL | null {
  try {
    return new URL(url, 'http://page.invalid');
  } catch {
    return null;
  }
}

/** The route the address shows, by its own path ('/', '/dt', '/support'), or NOT_FOUND_ROUTE. */
function routeOf(address: URL | null): string {
  const leaf = address && (matchRoutes(routes, address.pathname) ?? []).at(-1)?.route;
  if (!leaf) return NOT_FOUND_ROUTE;
  if (leaf.path === '*') return isDigitalLinkAddress(address) ? DIGITAL_LINK_ROUTE : NOT_FOUND_ROUTE;
  return leaf.index ? '/' : `/${leaf.path}`;
}

/** A store with the code's answer in, as the page's own lookup would leave it; none without a code. */
async function storeWith(code: string | null, transport: TraceTransport): Promise<AppStore> {
  const store = makeStore(undefined, { ...transport, forPage: true });
  if (code !== null) await store.dispatch(traceApi.endpoints.trace.initiate(code, { fixedCacheKey: code }));
  return store;
}

const i18nFor = (language: Language): i18n => (serverI18n[language] ??= createServerI18n(language));

/** The title and description of every page in a language: the same for all of them, so made once. */
const pageHeads: Partial<Record<Language, ReturnType<typeof pageHead>>> = {};
const pageHeadIn = (language: Language) => (pageHeads[language] ??= pageHead(i18nFor(language)));

/**
 * What the render's components get: a view of the language's instance whose only property of its own
 * is `getFixedT`, which gives them a `t` that keeps its texts (src/ssr/keptTranslations.ts).
 * react-i18next's useTranslation copies the own properties of the instance it is given into a wrapper,
 * in every component of every render: a tenth of a render's CPU for the instance itself, next to
 * nothing for this view of it.
 */
const renderI18n: Partial<Record<Language, i18n>> = {};
const renderI18nFor = (language: Language): i18n => (renderI18n[language] ??= withKeptTranslations(i18nFor(language)));

/**
 * The page at `location` (path and query), as the browser shows it with this store (and a Digital Link's lot or
 * product JSON, `gs1Level`).
 */
async function htmlOf(
  location: string,
  language: Language,
  store: AppStore,
  gs1Level: Gs1LevelAnswer | null = null,
): Promise<PageHtml> {
  const i18n = renderI18nFor(language);
  // compat: styles are collected for <head> instead of written inline beside each element; the browser's
  // emotion cache (key 'css') picks them up there when the page hydrates.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const body = await renderToHtml(
    <CacheProvider value={cache}>
      <I18nextProvider i18n={i18n}>
        <AppProviders store={store}>
          <LinkLevelPrefill.Provider value={gs1Level}>
            <StaticRouter location={location}>
              <AppRoutes />
            </StaticRouter>
          </LinkLevelPrefill.Provider>
        </AppProviders>
      </I18nextProvider>
    </CacheProvider>,
  );
  const emotion = createEmotionServer(cache);
  // Only the parts drawn with MUI have any (the support desk): the first view's styles are static.
  const critical = emotion.extractCriticalToChunks(body);
  const styles = critical.styles.filter(({ css }) => css !== '');
  return { head: emotion.constructStyleTagsFromChunks({ ...critical, styles }), body };
}

const answering = (answer: TraceWireAnswer): TraceTransport => ({ answerTrace: () => Promise.resolve(answer) });

/**
 * The lookup page of a code, rendered at its route with the code alone in the address: the page reads
 * nothing else of it (the language comes resolved), so every address of that code (other parameters,
 * their order, dashes or spaces in the code) is this page, and the render cache keys it by its parts.
 */
const lookupPageAt = (route: string, code: string) =>
  route.startsWith(DIGITAL_LINK_ROUTE) ? `${route}${code}` : `${route}?qr=${code}`;

/**
 * The route a Digital Link's unit page is cached under when its pack agrees with the record: the page is then
 * the same at `/01/{gtin}/21/{code}` whatever lot or expiry the link also printed (the page writes neither
 * where they agree); a page saying they disagree is rendered as it came.
 */
const linkRouteOf = (gtin: string) => `${DIGITAL_LINK_ROUTE}${gtin}/21/`;

/**
 * PAGE_RENDER_CACHE=off renders every lookup page: what a render costs alone (bench:api), or an
 * instance that would rather spend CPU than the cache's memory. Read once, when the service loads this.
 */
function lookupCacheOn(setting = process.env.PAGE_RENDER_CACHE): boolean {
  if (setting === undefined || setting === '' || setting === 'on') return true;
  if (setting === 'off') return false;
  throw new Error(`PAGE_RENDER_CACHE must be 'on' or 'off', not '${setting}'`);
}
const cachingLookupPages = lookupCacheOn();

const lookupPages = createRenderCache(async ({ route, language, code, answer }) =>
  htmlOf(lookupPageAt(route, code), language as Language, await storeWith(code, answering(answer))),
);

const NO_ANSWER: TraceWireAnswer = { status: 204, body: undefined };
const staticPages = createStaticPages(async (route, language) =>
  htmlOf(route, language as Language, await storeWith(null, answering(NO_ANSWER))),
);
/** The state of a page without a lookup: the same for every one of them. */
let emptyState: string | undefined;

/** How many pages came from the caches and how many needed a render, since the module loaded. */
export const renderCacheStats = () => ({ ...lookupPages.stats(), codeless: staticPages.stats() });

const stateOf = (store: AppStore) => scriptSafeJson({ traceApi: answersOf(store.getState().traceApi) });

/** The language a request's page is rendered in: the address's `lng`, the saved choice, the browser's. */
const languageOf = (address: URL | null, cookie?: string, acceptLanguage?: string) =>
  requestLanguage({ query: address?.searchParams.get('lng') ?? null, cookie, acceptLanguage });

/** The page's head texts in `language`, with its HTML, and the same page in the language its button switches to. */
async function pageIn(
  language: Language,
  html: (language: Language) => Promise<PageHtml>,
): Promise<Pick<PageRenderResult, 'lang' | 'title' | 'description' | 'head' | 'body' | 'alternate'>> {
  const switched = switchedLanguage(language);
  const page = await html(language);
  // A copy that fails to render leaves the page without one: a tap on its button waits for the script.
  const copy = switched && (await html(switched).catch(() => null));
  return {
    lang: language,
    ...pageHeadIn(language),
    ...page,
    // The page's head (the styles of the parts drawn with MUI) serves the copy too, or there is no copy.
    ...(switched &&
      copy?.head === page.head && { alternate: { lang: switched, ...pageHeadIn(switched), body: copy.body } }),
  };
}

/**
 * Renders a page as the browser would show it after its lookup: the address's code is answered in
 * process by the service, through the same api slice and mappers as in the browser. Lookup pages come
 * from the render cache when it holds their template, pages without a code from the day's copy.
 */
export const renderPage: RenderPage = async ({
  url,
  host,
  cookie,
  acceptLanguage,
  answerTrace,
  gs1Level,
}: Gs1PageRenderRequest): Promise<PageRenderResult> => {
  const address = addressOf(url);
  const language = languageOf(address, cookie, acceptLanguage);
  const route = routeOf(address);
  const status = route === NOT_FOUND_ROUTE ? 404 : 200;
  // Read as the live page reads it: `qr` (a shop's link gives its code, with a warning naming the other host),
  // or a Digital Link's serial, lot or GTIN.
  const ask =
    address && (LOOKUP_ROUTES.has(route) || route === DIGITAL_LINK_ROUTE)
      ? readAddress(address, trustedHostsOf(host))
      : ({ kind: 'none' } as const);
  if (ask.kind === 'none') {
    return {
      status,
      ...(await pageIn(language, (language) => staticPages.page(route, language))),
      state: (emptyState ??= stateOf(await storeWith(null, answering(NO_ANSWER)))),
    };
  }
  const asItCame = async (store: AppStore): Promise<PageRenderResult> => ({
    status,
    ...(await pageIn(language, (language) => htmlOf(address!.pathname + address!.search, language, store))),
    state: stateOf(store),
  });
  // A Digital Link naming a lot or a product: its JSON, given by the service, is in the page and its state (the
  // view fetches it only when the service gave none).
  if (ask.kind !== 'code') {
    const store = await storeWith(null, answering(NO_ANSWER));
    const level = gs1Level ?? null;
    return {
      status,
      ...(await pageIn(language, (language) => htmlOf(address!.pathname + address!.search, language, store, level))),
      state: level
        ? scriptSafeJson({ traceApi: answersOf(store.getState().traceApi), gs1Level: level })
        : stateOf(store),
    };
  }
  const { draft, pack } = ask;
  const code = draft.error === null ? draft.text : null;
  // A code that cannot be sent (the page shows it with its error), or one with what the page says about
  // the link it came in, which the render cache's pages do not hold: rendered as it came.
  if (code === null || draft.notices.length > 0) return asItCame(await storeWith(code, { answerTrace }));
  const day = vietnamDay();
  const answer = await answerTrace({ QrCode: code });
  const store = await storeWith(code, answering(answer));
  let pageRoute = route;
  if (pack) {
    const found = traceApi.endpoints.trace.select({ fixedCacheKey: code, requestId: undefined })(store.getState()).data;
    if (found && packMismatches(pack, found).length > 0) return asItCame(store);
    pageRoute = linkRouteOf(pack.gtin);
  }
  const rendered: { view: PageView; html: PageHtml }[] = [];
  const lookupPage = async (language: Language) => {
    const view = { route: pageRoute, language, code, answer, day };
    const cached = cachingLookupPages ? lookupPages.lookup(view) : undefined;
    if (cached) return cached;
    const html = await htmlOf(lookupPageAt(pageRoute, code), language, store);
    rendered.push({ view, html });
    return html;
  };
  const page = await pageIn(language, lookupPage);
  if (cachingLookupPages && rendered.length > 0) void lookupPages.learn(rendered).catch(() => undefined);
  return { status, ...page, state: stateOf(store) };
};

/** The service's busy page (429, 503) speaks the language this request's page would have been in. */
export const busyTexts: BusyTexts = ({ url, cookie, acceptLanguage }, retryAfterSeconds) => {
  const language = languageOf(addressOf(url), cookie, acceptLanguage);
  const { t } = i18nFor(language);
  return {
    lang: language,
    brand: brand.name,
    primary: brand.primary,
    pageTitle: t('page.title', { brand: brand.name }),
    title: t('busy.title'),
    hint: t('busy.hint', { seconds: retryAfterSeconds }),
    retry: t('busy.retry'),
  };
};
