import { join } from 'node:path';
import { TRACE_URL_PATH } from '../../../src/contract/traceContract';
import type { Browser, BrowserContext, BrowserContextOptions, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { BuiltPage } from '../server/buildPage';
import { launchChromium, type CameraSetup } from './chromium';
import { consoleProblems } from './pageProbes';
import { TEXTS, type Language, type Texts } from './texts';
import { REPO_ROOT } from '../system/childProcess';
import { startTraceServer, type TraceServer } from '../server/traceServer';

/** Known data, loaded through the import command (tests/fixtures/trace/traceData.json). */
export const TRACE_DATA = join(REPO_ROOT, 'tests/fixtures/trace/traceData.json');
export const UNIT_CODE = '1D24B3261X54A2320';
export const CARTON_CODE = 'TH26A1105C48B0001';
/** A bottle whose product name and expiry date are blank: the page shows 'Updating'. */
export const BLANK_FIELDS_CODE = 'CH26A0920Y15X00099';
/** A product whose name and code carry markup and script: it must show as text, never run. */
export const MARKUP_CODE = 'MK26A0101X00X0001';
export const MARKUP_NAME = '<img src=x onerror="window.__xss=1"></script><script>window.__xss=2</script>Sữa đặc';
/** Right length, not in the data: the service answers 204. */
export const UNKNOWN_CODE = 'ZZ99Z9999Z99Z9999';
export const TRACE_PATH = TRACE_URL_PATH;

/** The page built once for this run by globalSetup.ts. */
export function builtPage(): BuiltPage {
  return inject('e2ePage');
}

/** The real trace service on the built page with the known data; `env` e.g. other TRACE_API_KEYS. */
export function startKnownDataServer(env: Record<string, string> = {}): Promise<TraceServer> {
  return startTraceServer({ page: builtPage(), importFiles: [TRACE_DATA], env: { RATE_LIMIT_MAX: '0', ...env } });
}

export interface SuiteOptions {
  camera?: CameraSetup;
  launchArgs?: string[];
  /** The service's extra environment, e.g. CHECKS_CAUTION_DEVICES. */
  env?: Record<string, string>;
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Console warnings/errors and uncaught exceptions seen so far. */
  problems: string[];
  /** Every trace call the page sent, in order. */
  traceCalls: Request[];
  t: Texts;
}

/**
 * One real trace service (fresh database, known data via the import command) and one Chromium per test
 * file; a fresh browser context per test, closed after it; server and browser always stopped afterAll.
 */
export function e2eSuite({ camera = {}, launchArgs = [], env = {} }: SuiteOptions = {}) {
  let server: TraceServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startKnownDataServer(env);
    browser = await launchChromium(camera, { args: launchArgs });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  return {
    get url(): string {
      if (!server) throw new Error('the trace server has not started');
      return server.url;
    },
    /** Everything the service printed so far (LOG_LEVEL=warn: warnings and errors). */
    serverOutput(): string {
      if (!server) throw new Error('the trace server has not started');
      return server.output();
    },
    /** Loads a data file into the running service's database, as an operator's `npm run import` would. */
    importFile(file: string): Promise<void> {
      if (!server) throw new Error('the trace server has not started');
      return server.importFile(file);
    },
    get browser(): Browser {
      if (!browser) throw new Error('Chromium has not started');
      return browser;
    },
    /** A new context and page; navigates to `path` (relative to `origin`, the suite's server by default). */
    async open(
      language: Language,
      contextOptions: BrowserContextOptions,
      path = '/',
      origin?: string,
    ): Promise<OpenedPage> {
      const context = await this.browser.newContext(contextOptions);
      contexts.push(context);
      const page = await context.newPage();
      const problems = consoleProblems(page);
      const traceCalls: Request[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === TRACE_PATH) traceCalls.push(request);
      });
      await page.goto(`${origin ?? this.url}${path}`);
      const t = TEXTS[language];
      // The server's HTML shows the page before its script runs. What these tests exercise needs the
      // script: wait until the page says it is fully there (the photo button turns on with its chunk),
      // or shows a page without one (not found). Without JavaScript there is nothing to wait for.
      if (contextOptions.javaScriptEnabled !== false) {
        await page
          .getByRole('button', { name: t.scanner.photo, disabled: false })
          .or(page.getByRole('heading', { name: t.notFound.title }))
          .first()
          .waitFor();
      }
      return { page, context, problems, traceCalls, t };
    },
  };
}
