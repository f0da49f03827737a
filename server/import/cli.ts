import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from '../config.ts';
import { foldWriteAheadLog, openDatabase, type Db } from '../db/database.ts';
import { describeStorageFailure } from '../db/storageFailure.ts';
import { importFile } from './importFile.ts';
import { ImportFormatError } from './readRows.ts';

// Usage: npm run import -- <file.csv|file.json>   (database: TRACE_DB, default ./data/trace.db)
const path = process.argv[2];
if (path === undefined || process.argv.length > 3) {
  console.error('Usage: npm run import -- <file.csv|file.json>');
  process.exit(2);
}
if (!existsSync(path)) {
  console.error(`No such file: ${path}`);
  process.exit(2);
}

let dbPath: string;
try {
  ({ dbPath } = loadConfig());
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`${error.message}\nNothing was written.`);
  process.exit(1);
}

let db: Db | undefined;
let failure: unknown;
try {
  db = openDatabase(dbPath);
  const result = await importFile(db, path, {
    onProblem: ({ line, reason }) => console.error(`line ${line}: ${reason}`),
    onProgress: (rows) => process.stderr.write(`checked ${rows.toLocaleString('en')} rows\n`),
  });
  const rate = Math.round(result.rows / Math.max(result.seconds, 0.001)).toLocaleString('en');
  if (result.badRows > 0) {
    console.error(`${result.badRows} bad rows out of ${result.rows}: nothing was written to ${dbPath}`);
    process.exitCode = 1;
  } else {
    console.log(
      `${result.rows} rows into ${dbPath} in ${result.seconds.toFixed(1)} s (${rate} rows/s): ` +
        `${result.inserted} new, ${result.updated} changed, ${result.unchanged} unchanged codes; ` +
        `${result.catalogueChanges} products and lots added or changed`,
    );
    if (!foldWriteAheadLog(db)) {
      console.error(`${dbPath}-wal stays until the next import or until the service stops: it kept reading from it.`);
    }
  }
} catch (error) {
  failure = error;
  process.exitCode = 1;
  // The rolled-back write left its pages in the write-ahead log, which a running service keeps open:
  // emptied now rather than left to the next import. Best effort: the disk may refuse this too.
  try {
    if (db?.open) foldWriteAheadLog(db);
  } catch {
    // The import's own error is the one to report.
  }
} finally {
  try {
    db?.close();
  } catch (closeError) {
    failure ??= closeError;
    process.exitCode = 1;
  }
}

if (failure !== undefined) {
  if (failure instanceof ImportFormatError) {
    console.error(`${failure.message}\nNothing was written.`);
  } else {
    const storage = describeStorageFailure(failure);
    // Anything else is a bug: its stack trace is what will find it.
    if (storage === undefined) throw failure;
    console.error(`Import failed, nothing was written to ${dbPath}: ${storage}`);
  }
}
