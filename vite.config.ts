import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { startUpChunks } from './scripts/startUpChunks.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));

const CSS_VARS_STUB = '\0mui-create-theme-with-vars-stub';

/**
 * MUI's createTheme imports its CSS-variables variant even when `cssVariables` is off. This page never
 * turns them on (theme/tokens.ts), so that variant, about 5 kB gzip of the first load, is swapped for a
 * stub that fails loudly if it is ever reached.
 */
function muiThemeWithoutCssVariables(): Plugin {
  return {
    name: 'mui-theme-without-css-variables',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromCreateTheme = importer && /@mui[\\/]material[\\/]styles[\\/]createTheme\.m?js$/.test(importer);
      return fromCreateTheme && source.startsWith('./createThemeWithVars') ? CSS_VARS_STUB : null;
    },
    load(id) {
      if (id !== CSS_VARS_STUB) return null;
      return "export default function createThemeWithVars() { throw new Error('MUI CSS theme variables are off in this build: see vite.config.ts'); }";
    },
  };
}

const EARLY_TRACE = 'earlyTrace';

/**
 * src/app/earlyTrace.ts is an entry of its own, listed in index.html before the page's bundle (Vite would
 * merge a second module script of index.html into the main entry): on a static host it starts a deep
 * link's trace request before the bundle has loaded. The service drops it from pages it renders.
 */
function earlyTraceScript(): Plugin {
  return {
    name: 'early-trace-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find((output) => output.type === 'chunk' && output.isEntry && output.name === EARLY_TRACE);
        if (!chunk) return [];
        return [{ tag: 'script', attrs: { type: 'module', crossorigin: true, src: `/${chunk.fileName}`, 'data-early-trace': true }, injectTo: 'head-prepend' }];
      },
    },
  };
}

/**
 * src/main.tsx imports React's DOM renderer, the providers and the page's components dynamically, so
 * that each is evaluated in a task of its own; they are still needed at once. index.html lists their
 * chunks as modulepreload links beside the entry's static imports, so all are fetched together (after
 * the first paint, see server/afterFirstPaint.ts) instead of one round trip after another.
 */
function startUpChunksPreloaded(): Plugin {
  return {
    name: 'start-up-chunks-preloaded',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        return startUpChunks(entry, bundle).stages.map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

const FAVICON = fileURLToPath(new URL('./theme/favicon.svg', import.meta.url));

/**
 * The favicon, a couple of hundred bytes, goes into the page as a data URL: one request fewer before a
 * phone shows the result. Requested, it held a connection that the page's loader (public/after-first-paint.js)
 * then had to open afresh, a round trip more before the largest paint in Lighthouse's model (bench:page).
 */
function inlineFavicon(): Plugin {
  return {
    name: 'inline-favicon',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace('href="/theme/favicon.svg"', `href="data:image/svg+xml,${encodeURIComponent(readFileSync(FAVICON, 'utf8').trim())}"`),
    },
  };
}

// @zxing declares no sideEffects field, so without this the whole library lands in the scanner chunks.
const zxingTreeshake = {
  moduleSideEffects: (id: string) => (/[\\/]@zxing[\\/]/.test(id) ? false : undefined),
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), muiThemeWithoutCssVariables(), earlyTraceScript(), inlineFavicon(), startUpChunksPreloaded()],
  resolve: { alias: { '@': src } },
  // The server-render module carries its dependencies, so it runs wherever the service puts it (and in
  // React's production build whatever NODE_ENV says).
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  server: {
    // `npm run dev` talks to the reference service started beside it.
    proxy: { '/qrinfo-svc': `http://127.0.0.1:${process.env.PORT ?? 8080}` },
  },
  build: {
    // The server-render build (src/entry-server.tsx → dist-ssr/) holds code only; the files of public/ go with the page.
    copyPublicDir: !isSsrBuild,
    // The first-load budget is checked by `npm run size`, not by this generic warning.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: zxingTreeshake,
      ...(isSsrBuild ? {} : { input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), [EARLY_TRACE]: `${src}/app/earlyTrace.ts` } }),
    },
  },
  // The decode worker is an ES module worker: it can import, and it is built with the same tree-shaking.
  worker: { format: 'es', rolldownOptions: { treeshake: zxingTreeshake } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}'],
          exclude: ['**/*.node.test.{ts,tsx}'],
          setupFiles: ['tests/support/page/setup.ts'],
          environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          // Builds the page once per run (a private folder), before any e2e file: the suite drives the built page.
          globalSetup: ['tests/support/browser/globalSetup.ts'],
          // Real Chromium and the real server: slower than unit tests, and one browser file at a time.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // One throwaway PostgreSQL server for the run: the service's tests run against it as against SQLite.
          globalSetup: ['tests/support/system/postgres.ts'],
          // The service, and page code that runs outside the DOM (the decode engine of the scanner's worker).
          include: ['tests/server/**/*.test.ts', 'tests/unit/**/*.node.test.{ts,tsx}'],
        },
      },
    ],
  },
}));
