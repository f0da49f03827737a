import { extname } from 'node:path';
import { inTransaction, openSqliteFile, type Db } from './sqliteFile.ts';

// The lookup counts' own SQLite file, beside the catalogue's (issue 36, point 10). A commit to a file
// changes its data_version, and every other connection on it then starts its page cache over (and the
// lookups forgot the lots they keep, codeLookup.ts): with the counts' batch committed every 2 s into the
// catalogue's file, a profile of the service found a lookup's own read at 36 µs with counting on, 18 off.
// In a file of their own, the counts' commits leave the catalogue's file alone (an import no longer holds
// their batches either); the lookups read the counts through an ATTACHed schema.

const COUNTS_MIGRATIONS = new URL('./counts-migrations/', import.meta.url);

/** The catalogue's migration that drops its counts' tables (migrations/010_counts_own_file.sql). */
export const COUNTS_OWN_FILE = 10;

/** The counts' tables as the catalogue's file held them, each with its columns: what moveCountsOut copies. */
const MOVED = {
  check_codes: 'code, first_day, lookups, networks, caution_since',
  check_days: 'day, code, lookups',
  check_unknown: 'day, code, lookups',
  check_unknown_networks: 'day, network, codes',
};

/** The counts' file of the catalogue's file at `path`: data/trace.db → data/trace-counts.db. */
export function countsPath(path: string): string {
  const extension = extname(path);
  return `${path.slice(0, path.length - extension.length)}-counts${extension}`;
}

/**
 * The counts' file of the catalogue's file at `path`, created and migrated when needed, with
 * secure_delete: a deleted network hash or day's count is zeroed in the file, not left in its free pages.
 */
export function openCountsDatabase(path: string): Db {
  const db = openSqliteFile(countsPath(path), COUNTS_MIGRATIONS);
  db.exec('PRAGMA secure_delete = ON');
  return db;
}

/**
 * The counts' tables readable on a connection of the catalogue's file at `path`, as `counts.check_codes`
 * and, since the catalogue's file has no table of that name, as `check_codes`: in the connection's mode (a
 * read-only connection reads them only). The counts' file must exist (openCountsDatabase), and for a
 * read-only connection stay open on a connection that may write, as SQLite needs for its write-ahead log.
 */
export function attachCounts(db: Db, path: string): void {
  db.prepare('ATTACH DATABASE ? AS counts').run(countsPath(path));
}

/**
 * Copies the counts' rows from the catalogue's file (at `path`) into the counts' own, just before the
 * catalogue's migration 010 drops them there. SQLite's write-ahead log commits each file of a transaction
 * on its own, so the two steps are two transactions, in this order: the copy, in one transaction of the
 * counts' file, adds a row only where its key is absent; then 010 drops the tables and records itself in
 * one transaction of the catalogue's. A stop between the two leaves the rows in both files: the next start
 * runs the copy again, which finds each row there already (no count doubled), and then 010.
 */
export function moveCountsOut(path: string): void {
  const counts = openCountsDatabase(path);
  try {
    counts.prepare('ATTACH DATABASE ? AS catalogue').run(path);
    inTransaction(counts, () => {
      for (const [table, columns] of Object.entries(MOVED))
        counts.exec(
          `INSERT INTO main.${table} (${columns}) SELECT ${columns} FROM catalogue.${table} WHERE true ON CONFLICT DO NOTHING`,
        );
    });
  } finally {
    counts.close();
  }
}
