import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { catalogueParts } from './scripts/vite/catalogueParts.ts';
import { iconShapes } from './scripts/vite/iconShapes.ts';
import { loadPath } from './scripts/vite/loadPath.ts';
import { muiThemeWithoutCssVariables } from './scripts/vite/muiThemeWithoutCssVariables.ts';
import { wechatQr } from './scripts/vite/wechatQr.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));

// @zxing declares no sideEffects field, so without this the whole library lands in the scanner chunks.
const zxingTreeshake = {
  moduleSideEffects: (id: string) => (/[\\/]@zxing[\\/]/.test(id) ? false : undefined),
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    iconShapes(),
    catalogueParts(),
    muiThemeWithoutCssVariables(),
    wechatQr(),
    loadPath({
      main: `${src}/main.tsx`,
      earlyTrace: `${src}/app/earlyTrace.ts`,
      loader: `${src}/boot/afterFirstPaint.ts`,
      shellModules: [`${src}/features/lookup/result/TraceResultView.tsx`],
      favicon: fileURLToPath(new URL('./theme/favicon.svg', import.meta.url)),
    }),
  ],
  resolve: { alias: { '@': src } },
  // The server-render module carries its dependencies, so it runs wherever the service puts it (and in
  // React's production build whatever NODE_ENV says).
  ...(isSsrBuild
    ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
  server: {
    // `npm run dev` talks to the reference service started beside it.
    proxy: { '/qrinfo-svc': `http://127.0.0.1:${process.env.PORT ?? 8080}` },
  },
  build: {
    // The server-render build (src/ssr/entry-server.tsx → dist-ssr/) holds code only; the files of public/ go with the page.
    copyPublicDir: !isSsrBuild,
    // The first-load budget is checked by `npm run size`, not by this generic warning.
    chunkSizeWarningLimit: 600,
    cssCodeSplit: false,
    // The page's entries are the load path's (scripts/vite/loadPath.ts).
    rolldownOptions: {
      treeshake: zxingTreeshake,
      // The server-render module is one file: the service (and the render cache's tests) may load it more than
      // once as separate instances, and chunks shared between instances mixed their React contexts ("You cannot
      // render a <Router> inside another <Router>" once a lazy part's chunk took react-router along).
      ...(isSsrBuild
        ? { output: { inlineDynamicImports: true } }
        : {
            // The first view's small shared parts (the kit's button and icon, the message box, the text styles,
            // the browser's storage) in one chunk, where Rolldown made seven of a few hundred bytes each: each
            // chunk is a request, a module to link and tasks of the main thread's own (Lighthouse's "other").
            // Nothing that the static shell's early request (src/app/earlyTrace.ts) imports: it stays as light.
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'kit',
                    test: /[\\/]src[\\/](shared[\\/](ui[\\/](classNames|Button|Icon)|storage[\\/]browserStorage|styles[\\/](link|text)\.module)|features[\\/]lookup[\\/]MessageBox)|[\\/]theme[\\/]statusTones/,
                  },
                ],
              },
            },
          }),
    },
  },
  // The decode worker is an ES module worker: it can import, and it is built with the same tree-shaking.
  // Its WeChat engine's files are emitted from its build (scripts/vite/wechatQr.ts).
  worker: { format: 'es', plugins: () => [wechatQr()], rolldownOptions: { treeshake: zxingTreeshake } },
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
          // A test may wait for several parts loaded on demand, each up to 10 s (tests/support/page/setup.ts).
          testTimeout: 30_000,
          // The static styles (*.module.css) applied as in the browser, so tests see what a user sees.
          css: { include: /\.module\.css$/ },
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
          // A test here starts real servers (the service, Redis) and makes a few dozen requests: on a machine
          // busy with other work (load average 17 on 2 cores) one took 5.2 s, past Vitest's default 5 s.
          testTimeout: 30_000,
        },
      },
    ],
  },
}));
