/**
 * The libraries of the design card as the page starts with them (the same imports, nothing of the page's
 * own), built as the page is (Vite, minified, React's production build): a floor under the first load
 * that no change of the page's code goes below. `npm run size` prints its size; `npm run bench:page`
 * loads it on the static build's shell to show the earliest a result rendered with this stack can paint,
 * and on the rendered deep link's floor, evaluated alone and started (`stackStartedCode`).
 */
import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';
import { catalogueParts } from './vite/catalogueParts.ts';

const STACK_IMPORTS = `
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createElement, useState } from 'react';
import { combineSlices, configureStore, createSlice } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { Provider, useSelector } from 'react-redux';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next, useTranslation } from 'react-i18next';
import { BrowserRouter, Link, useRoutes, useSearchParams } from 'react-router-dom';
`;

const STACK_FLOOR_SOURCE = `${STACK_IMPORTS}
export default [createRoot, hydrateRoot, createElement, useState, combineSlices, configureStore, createSlice, createApi,
  fetchBaseQuery, Provider, useSelector, i18next, LanguageDetector, initReactI18next, useTranslation, BrowserRouter,
  Link, useRoutes, useSearchParams];
`;

const PAGE_I18N = JSON.stringify(fileURLToPath(new URL('../src/i18n/i18n.ts', import.meta.url)));

/**
 * The least any page does that runs this stack at load, as the deep link must to show the visitor's own
 * recent lookups (kept on the device, so never in the server's HTML): a store with an RTK Query api,
 * i18next made with the page's options and catalogues (src/i18n/i18n.ts; react-i18next reads the
 * instance it is given at init), and
 * React rendering, inside the store's provider and the router, one component that reads the store, the
 * texts and the address. It renders nothing, into an element of its own, so the page's HTML stays as the
 * server sent it. It imports what the floor imports, so that only starting them tells the two apart.
 */
const STACK_STARTED_SOURCE = `${STACK_IMPORTS}
import { i18nOptions } from ${PAGE_I18N};

const api = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: '/api/' }),
  endpoints: (build) => ({ trace: build.query({ query: (code) => 'trace/' + code }) }),
});
const store = configureStore({
  reducer: combineSlices(api),
  middleware: (getDefault) => getDefault().concat(api.middleware),
});
const texts = i18next.createInstance();
await texts.use(LanguageDetector).use(initReactI18next).init({ ...i18nOptions, lng: document.documentElement.lang });
function Probe() {
  useSelector((state) => state.api);
  useTranslation();
  useSearchParams();
  return null;
}
const element = document.body.appendChild(document.createElement('div'));
createRoot(element).render(createElement(Provider, { store }, createElement(BrowserRouter, null, createElement(Probe))));
`;

async function builtAlone(name: string, source: string): Promise<string> {
  const virtual = `\0${name}`;
  const built = (await build({
    configFile: false,
    // react-router's "use client" directives, which a bundle drops, as the page's build does.
    logLevel: 'error',
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [
      // The page's catalogues as its i18n imports them (locales/<code>.json?without=…).
      catalogueParts(),
      {
        name,
        resolveId: (id) => (id === name ? virtual : null),
        load: (id) => (id === virtual ? source : null),
      },
    ],
    build: { write: false, rolldownOptions: { input: name, preserveEntrySignatures: 'strict' } },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunks = (Array.isArray(built) ? built : [built])
    .flatMap((output) => output.output)
    .filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`${name} built into ${chunks.length} chunks, not one`);
  return chunks[0].code;
}

/** The floor's code: one module, minified. */
export const stackFloorCode = () => builtAlone('stack-floor', STACK_FLOOR_SOURCE);

/** The floor's libraries started as described above: one module, minified. */
export const stackStartedCode = () => builtAlone('stack-started', STACK_STARTED_SOURCE);
