/**
 * The libraries of the design card as the page starts with them (the same imports, nothing of the page's
 * own), built as the page is (Vite, minified, React's production build): a floor under the first load
 * that no change of the page's code goes below. `npm run size` prints its size; `npm run bench:page`
 * loads it on the static build's shell to show the earliest a result rendered with this stack can paint.
 */
import { build, type Rollup } from 'vite';

const STACK_FLOOR_SOURCE = `
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createElement, useState } from 'react';
import { combineSlices, configureStore, createSlice } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { Provider, useSelector } from 'react-redux';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next, useTranslation } from 'react-i18next';
import { BrowserRouter, Link, useRoutes, useSearchParams } from 'react-router-dom';
export default [createRoot, hydrateRoot, createElement, useState, combineSlices, configureStore, createSlice, createApi,
  fetchBaseQuery, Provider, useSelector, i18next, LanguageDetector, initReactI18next, useTranslation, BrowserRouter,
  Link, useRoutes, useSearchParams];
`;

/** The floor's code: one module, minified. */
export async function stackFloorCode(): Promise<string> {
  const VIRTUAL = '\0stack-floor';
  const built = (await build({
    configFile: false,
    // react-router's "use client" directives, which a bundle drops, as the page's build does.
    logLevel: 'error',
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [
      {
        name: 'stack-floor',
        resolveId: (id) => (id === 'stack-floor' ? VIRTUAL : null),
        load: (id) => (id === VIRTUAL ? STACK_FLOOR_SOURCE : null),
      },
    ],
    build: { write: false, rolldownOptions: { input: 'stack-floor', preserveEntrySignatures: 'strict' } },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunks = (Array.isArray(built) ? built : [built])
    .flatMap((output) => output.output)
    .filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`the stack floor built into ${chunks.length} chunks, not one`);
  return chunks[0].code;
}
