import { accessSync, constants, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { readMigrations, type Migration } from '../migrations.ts';

// Node's own SQLite (node:sqlite, built into Node 24): no native addon to compile at install. What every
// file of the service (the catalogue's, database.ts; the lookup counts', countsDatabase.ts) is opened with.

export type Db = DatabaseSync;

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

/**
 * Opens (creating if needed) a database file and applies its pending numbered migrations from `migrations`;
 * `before` runs ahead of a migration, outside its transaction (a step that needs another file).
 */
export function openSqliteFile(path: string, migrations: URL, before?: (migration: Migration) => void): Db {
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
    migrate(db, migrations, before);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** PRAGMA user_version records the last applied migration; each one runs in its own transaction. */
function migrate(db: Db, dir: URL, before?: (migration: Migration) => void): void {
  const current = Number(pragmaValue(db, 'user_version'));
  const pending = readMigrations(dir).filter((m) => m.version > current);
  for (const migration of pending) {
    before?.(migration);
    inTransaction(db, () => {
      db.exec(migration.sql);
      db.exec(`PRAGMA user_version = ${migration.version}`);
    });
  }
}
