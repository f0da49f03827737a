import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app.ts';
import { ConfigError, DEMO_API_KEY, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { openCodeLookup, type CodeLookup } from './db/traceStore.ts';
import { importFile } from './import/importFile.ts';

const DRAIN_DEADLINE_MS = 10_000;

export const DEMO_DATA = fileURLToPath(new URL('./seed/demo.json', import.meta.url));

export interface Started {
  app: FastifyInstance;
  /** The address actually bound, e.g. http://127.0.0.1:41234 when PORT=0. */
  url: string;
}

/** Opens (and on first start seeds) the database, then serves until closed. */
export async function start(config: Config, options: AppOptions = {}): Promise<Started> {
  const firstStart = !existsSync(config.dbPath);
  const db = openDatabase(config.dbPath);
  let lookup: CodeLookup | undefined;
  // The writer last: SQLite folds the write-ahead log back and deletes it only when the last
  // connection closes, and only a connection that may write can.
  const closeDatabase = () => {
    lookup?.close();
    if (db.open) db.close();
  };
  try {
    lookup = openCodeLookup(config.dbPath);
    const app = await buildApp(config, lookup, options);
    app.addHook('onClose', closeDatabase);
    if (firstStart) {
      // Through the import path, so the demo data obeys the same rules as production files.
      const result = await importFile(db, DEMO_DATA, {
        onProblem: (problem) => app.log.error(problem, 'demo data row rejected'),
      });
      app.log.info({ db: config.dbPath, ...result }, 'new database seeded with the demo data');
    }
    if (config.usingDemoKey) {
      const level = process.env.NODE_ENV === 'production' ? 'error' : 'warn';
      app.log[level](`TRACE_API_KEYS is unset: accepting only the public demo key '${DEMO_API_KEY}'. Set your own keys.`);
    }
    const url = await app.listen({ port: config.port, host: config.host });
    return { app, url };
  } catch (error) {
    closeDatabase();
    throw error;
  }
}

async function main(): Promise<void> {
  let started: Started;
  try {
    started = await start(loadConfig());
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const { app, url } = started;
  // Printed whatever LOG_LEVEL is: supervisors and the e2e suite read the bound port (PORT=0) from it.
  console.log(`Trace service ready at ${url}`);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: finishing in-flight requests`);
      // A client that never reads its response must not hold the shutdown forever.
      setTimeout(() => app.server.closeAllConnections(), DRAIN_DEADLINE_MS).unref();
      // close() stops accepting, waits for requests in flight, then runs onClose (closing the database).
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
