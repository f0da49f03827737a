import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTs, startService } from '../system/childProcess.ts';
import type { BuiltPage } from './buildPage.ts';

export interface TraceServer {
  /** e.g. http://127.0.0.1:41234 — loopback counts as a secure context, so the camera is allowed. */
  url: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  /** Loads one more data file into the running server's database with `npm run import`, as an operator would. */
  importFile: (file: string) => Promise<void>;
  stop: () => Promise<void>;
}

export interface TraceServerOptions {
  /** The built page to serve and render (see buildPage.ts). */
  page: BuiltPage;
  /** Extra environment, e.g. TRACE_API_KEYS. The database is always a fresh temporary file. */
  env?: Record<string, string>;
  /**
   * Data files loaded into the fresh database with `npm run import` (server/cli/import.ts) before the
   * server starts. Without any, the server loads the demo data as `npm start` does (SEED_DEMO=1).
   */
  importFiles?: string[];
}

/**
 * Starts the real trace service (`server/main.ts`, as `npm run serve` does) in its own process with a
 * fresh database (the demo data unless `importFiles` are given), serving the built page; resolves once it listens.
 */
export async function startTraceServer({ page, env = {}, importFiles = [] }: TraceServerOptions): Promise<TraceServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'trace-e2e-'));
  const dbPath = join(dataDir, 'trace.db');
  const importFile = async (file: string) => {
    const result = await runTs('server/cli/import.ts', { args: [file], env: { TRACE_DB: dbPath } });
    if (result.code !== 0)
      throw new Error(`npm run import -- ${file} failed (exit ${result.code}):\n${result.stdout}${result.stderr}`);
  };
  try {
    for (const file of importFiles) await importFile(file);
    const server = await startService({
      TRACE_DB: dbPath,
      STATIC_DIR: page.staticDir,
      SSR_ENTRY: page.ssrEntry,
      LOG_LEVEL: 'warn',
      // Tests stop the server at once; the drain before closing is for load balancers.
      DRAIN_DELAY_MS: '0',
      ...(importFiles.length === 0 ? { SEED_DEMO: '1' } : {}),
      ...env,
    });
    return {
      url: server.url,
      output: server.output,
      importFile,
      stop: async () => {
        await server.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
