import { accessSync, constants, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { readMigrations } from '../migrations.ts';

// Node's own SQLite (node:sqlite, built into Node 24): no native addon to compile at install.

export type Db = DatabaseSync;

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

/** The first column of a pragma's first row (`PRAGMA user_version` → 3). */
export function pragmaValue(db: Db, pragma: string): unknown {
  const statement = db.prepare(`PRAGMA ${pragma}`);
  statement.setReturnArrays(true);
  return (statement.get() as unknown as unknown[] | undefined)?.[0];
}

/** Runs `work` in one write transaction, taken at once (BEGIN IMMEDIATE), rolled back if it throws. */
export function inTransaction<T>(db: Db, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/** Opens (creating if needed) the database file and applies pending numbered migrations. */
export function openDatabase(path: string): Db {
  mkdirSync(dirname(path), { recursive: true });
  // SQLite creates its -wal and -shm files beside the database, and on a read-only folder says only
  // 'unable to open database file': the system's own error (EROFS, EACCES) names the cause.
  accessSync(dirname(path), constants.W_OK);
  const db = new DatabaseSync(path);
  try {
    // WAL lets `npm run import` write while the service keeps answering from the last committed state.
    db.exec(
      'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000',
    );
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** PRAGMA user_version records the last applied migration; each one runs in its own transaction. */
function migrate(db: Db): void {
  const current = Number(pragmaValue(db, 'user_version'));
  const pending = readMigrations(MIGRATIONS_DIR).filter((m) => m.version > current);
  for (const migration of pending) {
    inTransaction(db, () => {
      db.exec(migration.sql);
      db.exec(`PRAGMA user_version = ${migration.version}`);
    });
  }
}

/**
 * Copies the write-ahead log back into the database file and empties it; false if readers still
 * needed it after busy_timeout. The service writes only its counts batches (folded after each one,
 * checkStore.ts), so without this after each import the log would keep every imported page until the
 * next batch, and grow with every import where counting is off: SQLite's own
 * checkpoint at commit cannot copy past the read snapshot a busy service holds at that moment. The
 * service renews its snapshot at least every 100 ms, so waiting here is short.
 */
export function foldWriteAheadLog(db: Db): boolean {
  // Each try waits busy_timeout for readers; a service under heavy load was seen to need more than one.
  for (let attempt = 0; attempt < FOLD_ATTEMPTS; attempt++) {
    if (pragmaValue(db, 'wal_checkpoint(TRUNCATE)') === 0) return true;
  }
  return false;
}

const FOLD_ATTEMPTS = 3;
