import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_KEY_HEADER, TRACE_URL_PATH } from '../../../src/contract/traceContract.ts';
import { DEMO_API_KEY, loadConfig } from '../../../server/config.ts';
import { openStorage } from '../../../server/db/openStorage.ts';
import { importFile } from '../../../server/import/importFile.ts';
import type { AppOptions } from '../../../server/app.ts';
import { DEMO_DATA, start, type Started } from '../../../server/main.ts';

export { DEMO_API_KEY as DEMO_KEY, TRACE_URL_PATH };
/** A built index.html with the slots the service renders pages into (server/routes/pageDocument.ts). */
export const INDEX_HTML =
  '<!doctype html><html lang="vi"><head><meta charset="UTF-8" /><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>';
/** Big enough to pass the compression threshold. */
/** The smallest valid WebAssembly module: magic number and version. */
export const ASSET_WASM = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
export const ASSET_JS = `export const filler = ${JSON.stringify('x'.repeat(4000))};\n`;

/** A phone's browser: what the service counts as a shopper's (Node's own User-Agent is a robot's to it). */
export const BROWSER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

export interface TestServer extends Started {
  dir: string;
  logs: string[];
  trace(body: unknown, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

/** A temp folder with a tiny built page and a fresh database file, served on a free loopback port. */
export function makeSiteDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'trace-test-'));
  mkdirSync(join(dir, 'dist', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'dist', 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'dist', 'assets', 'index-abc123.js'), ASSET_JS);
  writeFileSync(join(dir, 'dist', 'assets', 'zxing_reader-abc123.wasm'), ASSET_WASM);
  return dir;
}

/**
 * The service in this process, on a database holding the demo data (server/seed/demo.json); `options`
 * as the app takes them (a test clock for the lookup counter).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'checksClock'> = {},
): Promise<TestServer> {
  const dir = makeSiteDir();
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    TRACE_DB: join(dir, 'data', 'trace.db'),
    STATIC_DIR: join(dir, 'dist'),
    // No render module unless a test gives one: a dist-ssr/ built in the repository must not change these tests.
    SSR_ENTRY: join(dir, 'no-ssr', 'entry-server.js'),
    ...env,
  });
  // Loaded here rather than through SEED_DEMO, which a deployed configuration (PUBLIC_ORIGIN, TRUST_PROXY) refuses.
  const storage = await openStorage(config);
  try {
    await importFile(storage, DEMO_DATA);
  } finally {
    await storage.close();
  }
  const logs: string[] = [];
  const started = await start(config, { ...options, logStream: { write: (line) => void logs.push(line) } });
  return {
    ...started,
    dir,
    logs,
    trace: (body, headers = {}) =>
      fetch(`${started.url}${TRACE_URL_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [API_KEY_HEADER]: DEMO_API_KEY,
          // A phone's browser, as the page's own lookups come: the service counts no crawler's (isbot).
          'user-agent': BROWSER_AGENT,
          ...headers,
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
        redirect: 'manual',
      }),
    close: async () => {
      // Tests need no drain; a fetch whose body was never read would otherwise hold its socket open.
      const closing = started.app.close();
      started.app.server.closeAllConnections();
      await closing;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
