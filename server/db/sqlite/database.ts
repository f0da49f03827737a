import { accessSync, constants, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { readMigrations } from '../migrations.ts';

export type Db = Database.Database;

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

/** Opens (creating if needed) the database file and applies pending numbered migrations. */
export function openDatabase(path: string): Db {
  mkdirSync(dirname(path), { recursive: true });
  // SQLite creates its -wal and -shm files beside the database, and on a read-only folder says only
  // 'unable to open database file': the system's own error (EROFS, EACCES) names the cause.
  accessSync(dirname(path), constants.W_OK);
  const db = new Database(path);
  try {
    // WAL lets `npm run import` write while the service keeps answering from the last committed state.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** PRAGMA user_version records the last applied migration; each one runs in its own transaction. */
function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const pending = readMigrations(MIGRATIONS_DIR).filter((m) => m.version > current);
  for (const migration of pending) {
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
}

/**
 * Copies the write-ahead log back into the database file and empties it; false if readers still
 * needed it after busy_timeout. The service never writes, so without this after each import the log
 * would keep every imported page, and grow with every import until the service stops: SQLite's own
 * checkpoint at commit cannot copy past the read snapshot a busy service holds at that moment. The
 * service renews its snapshot at least every 100 ms, so waiting here is short.
 */
export function foldWriteAheadLog(db: Db): boolean {
  // Each try waits busy_timeout for readers; a service under heavy load was seen to need more than one.
  for (let attempt = 0; attempt < FOLD_ATTEMPTS; attempt++) {
    const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    if (result?.busy === 0) return true;
  }
  return false;
}

const FOLD_ATTEMPTS = 3;
