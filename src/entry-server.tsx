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
import type { PageRenderRequest, PageRenderResult, RenderPage, TraceTransport, TraceWireAnswer } from '@/api/traceContract';
import { AppProviders } from '@/app/providers';
import { AppRoutes, routes } from '@/app/router';
import { makeStore, type AppStore } from '@/app/store';
import { addressCode, lookupCodeOf } from '@/features/lookup/addressCode';
import { createServerI18n, pageHead } from '@/i18n/i18n';
import type { Language } from '@/i18n/languages';
import { requestLanguage } from '@/i18n/requestLanguage';
import { createRenderCache, vietnamDay, type PageHtml } from '@/render/renderCache';

/** The whole HTML once every part is ready: the lazy scanner controls render too, so hydration matches. */
function renderToHtml(element: React.ReactNode): Promise<string> {
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
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

interface Prepared {
  address: URL;
  language: Language;
  store: AppStore;
  notFound: boolean;
}

/** The page's store after its lookup: the address's code answered by the given transport. */
async function prepare(url: string, language: Language, transport: TraceTransport): Promise<Prepared> {
  const address = new URL(url, 'http://page.invalid');
  const store = makeStore(undefined, transport);
  const notFound = isNotFound(address);
  const code = notFound ? null : lookupCodeOf(addressCode(address.searchParams));
  if (code !== null) await store.dispatch(traceApi.endpoints.trace.initiate(code, { fixedCacheKey: code }));
  return { address, language, store, notFound };
}

function isNotFound(address: URL): boolean {
  return (matchRoutes(routes, address.pathname) ?? []).some(({ route }) => route.path === '*');
}

const i18nFor = (language: Language): i18n => (serverI18n[language] ??= createServerI18n(language));

async function htmlOf({ address, language, store }: Prepared): Promise<PageHtml> {
  const i18n = i18nFor(language);
  // compat: styles are collected for <head> instead of written inline beside each element; the browser's
  // emotion cache (key 'css') picks them up there when the page hydrates.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const body = await renderToHtml(
    <CacheProvider value={cache}>
      <I18nextProvider i18n={i18n}>
        <AppProviders store={store}>
          <StaticRouter location={address.pathname + address.search}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </I18nextProvider>
    </CacheProvider>,
  );
  const emotion = createEmotionServer(cache);
  return { head: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(body)), body };
}

const answering = (answer: TraceWireAnswer): TraceTransport => ({ answerTrace: () => Promise.resolve(answer) });

const lookupPages = createRenderCache(async ({ url, language, answer }) => htmlOf(await prepare(url, language as Language, answering(answer))));

/** How many lookup pages came from a template and how many needed a render, since the module loaded. */
export const renderCacheStats = () => lookupPages.stats();

/**
 * Renders a page as the browser would show it after its lookup: the address's code is answered in
 * process by the service, through the same api slice and mappers as in the browser. Lookup pages come
 * from the render cache when it holds their template.
 */
export const renderPage: RenderPage = async ({ url, cookie, acceptLanguage, answerTrace }: PageRenderRequest): Promise<PageRenderResult> => {
  const address = new URL(url, 'http://page.invalid');
  const language = requestLanguage({ query: address.searchParams.get('lng'), cookie, acceptLanguage });
  const day = vietnamDay();
  const code = isNotFound(address) ? null : lookupCodeOf(addressCode(address.searchParams));
  const answer = code === null ? undefined : await answerTrace({ QrCode: code });
  const prepared = await prepare(url, language, answer === undefined ? { answerTrace } : answering(answer));
  const view = code === null || answer === undefined ? undefined : { url, language, code, answer, day };
  const cached = view && lookupPages.lookup(view);
  const html = cached ?? (await htmlOf(prepared));
  if (view && !cached) void lookupPages.learn(view, html).catch(() => undefined);
  return {
    status: prepared.notFound ? 404 : 200,
    lang: language,
    ...pageHead(i18nFor(language)),
    head: html.head,
    body: html.body,
    state: scriptSafeJson({ traceApi: answersOf(prepared.store.getState().traceApi) }),
  };
};
