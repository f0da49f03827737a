import { COUNTS_OWN_FILE, moveCountsOut } from './countsDatabase.ts';
import { readMigrations } from '../migrations.ts';
import { inTransaction, openSqliteFile, pragmaValue, type Db } from './sqliteFile.ts';

// The catalogue's file (codes, products, lots, pictures, imports, shoppers' reports). The lookup counts
// are in a file of their own beside it (countsDatabase.ts).

export { inTransaction, pragmaValue, type Db } from './sqliteFile.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

/** Opens (creating if needed) the database file and applies pending numbered migrations. */
export function openDatabase(path: string): Db {
  // Before the migration that drops the counts' tables from this file, their rows go to the counts' own.
  const db = openSqliteFile(path, MIGRATIONS_DIR, ({ version }) => {
    if (version === COUNTS_OWN_FILE) moveCountsOut(path);
  });
  try {
    // A file migrated past 010 by a version without it (011 landed on main first) still holds the counts'
    // tables: their rows moved and the tables dropped the same way, by 010's own statements.
    if (db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'check_codes'").get()) {
      moveCountsOut(path);
      const drop = readMigrations(MIGRATIONS_DIR).find(({ version }) => version === COUNTS_OWN_FILE)!;
      inTransaction(db, () => db.exec(drop.sql));
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Copies the write-ahead log back into the database file and empties it; false if readers still
 * needed it after busy_timeout. The service writes to this file only shoppers' reports (its lookup counts
 * go to their own file), so without this the log would keep every imported page until the next report,
 * and grow with every import: SQLite's own checkpoint at commit cannot copy past the read snapshot a
 * busy service holds at that moment. The service renews its snapshot at least every 100 ms, so waiting
 * here is short.
 */
export function foldWriteAheadLog(db: Db): boolean {
  // Each try waits busy_timeout for readers; a service under heavy load was seen to need more than one.
  for (let attempt = 0; attempt < FOLD_ATTEMPTS; attempt++) {
    if (pragmaValue(db, 'wal_checkpoint(TRUNCATE)') === 0) return true;
  }
  return false;
}

const FOLD_ATTEMPTS = 3;
