import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from '../config.ts';
import { foldWriteAheadLog, openDatabase } from '../db/database.ts';
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

try {
  const { dbPath } = loadConfig();
  const db = openDatabase(dbPath);
  try {
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
  } finally {
    db.close();
  }
} catch (error) {
  if (!(error instanceof ConfigError || error instanceof ImportFormatError)) throw error;
  console.error(`${error.message}\nNothing was written.`);
  process.exitCode = 1;
}
