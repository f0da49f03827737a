import { existsSync } from 'node:fs';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { describeStorageFailure, openStorage, storageLocation } from '../db/openStorage.ts';
import type { TraceStorage } from '../db/storage.ts';
import { importFile } from '../import/importFile.ts';
import { ImportFormatError } from '../import/readRows.ts';

// Usage: npm run import -- <file.csv|file.json>
// (database: DATABASE_URL when set, else the SQLite file TRACE_DB, default ./data/trace.db)
const path = process.argv[2];
if (path === undefined || process.argv.length > 3) {
  console.error('Usage: npm run import -- <file.csv|file.json>');
  process.exit(2);
}
if (!existsSync(path)) {
  console.error(`No such file: ${path}`);
  process.exit(2);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`${error.message}\nNothing was written.`);
  process.exit(1);
}
if (config.upstream !== undefined) {
  console.error(
    'npm run import is not available in upstream mode (TRACE_UPSTREAM_URL is set): the trace service holds the codes. Nothing was written.',
  );
  process.exit(1);
}
const location = storageLocation(config);

let storage: TraceStorage | undefined;
let failure: unknown;
try {
  storage = await openStorage(config);
  const result = await importFile(storage, path, {
    onProblem: ({ line, reason }) => console.error(`line ${line}: ${reason}`),
    onProgress: (rows) => process.stderr.write(`checked ${rows.toLocaleString('en')} rows\n`),
  });
  const rate = Math.round(result.rows / Math.max(result.seconds, 0.001)).toLocaleString('en');
  if (result.badRows > 0) {
    console.error(`${result.badRows} bad rows out of ${result.rows}: nothing was written to ${location}`);
    process.exitCode = 1;
  } else {
    console.log(
      `${result.rows} rows into ${location} in ${result.seconds.toFixed(1)} s (${rate} rows/s): ` +
        `${result.inserted} new, ${result.updated} changed, ${result.unchanged} unchanged codes; ` +
        `${result.catalogueChanges} products and lots added or changed; ${result.cpuSeconds.toFixed(1)} s of CPU in this process`,
    );
    const warning = storage.tidyAfterImport(false);
    if (warning) console.error(warning);
  }
} catch (error) {
  failure = error;
  process.exitCode = 1;
  storage?.tidyAfterImport(true);
} finally {
  try {
    await storage?.close();
  } catch (closeError) {
    failure ??= closeError;
    process.exitCode = 1;
  }
}

if (failure !== undefined) {
  if (failure instanceof ImportFormatError) {
    console.error(`${failure.message}\nNothing was written.`);
  } else {
    const storageFailure = describeStorageFailure(failure);
    // Anything else is a bug: its stack trace is what will find it.
    if (storageFailure === undefined) throw failure;
    console.error(`Import failed, nothing was written to ${location}: ${storageFailure}`);
  }
}
