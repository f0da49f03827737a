import { existsSync } from 'node:fs';
import type { TraceStorage } from '../storage.ts';
import { openCodeLookup, type SqliteCodeLookup } from './codeLookup.ts';
import { openCountsDatabase } from './countsDatabase.ts';
import { foldWriteAheadLog, openDatabase, type Db } from './database.ts';
import { openSqliteStaging } from './importStaging.ts';

/** The embedded default: one database file (and the lookup counts' beside it), created with its tables on first open. */
export function openSqliteStorage(path: string): TraceStorage {
  const created = !existsSync(path);
  const db = openDatabase(path);
  const lookups: SqliteCodeLookup[] = [];
  // The counts' file (countsDatabase.ts), held open while lookups read it, as `db` is for the catalogue's.
  let counts: Db | undefined;
  return {
    location: path,
    created,
    async openLookup(options) {
      if (options?.counts) counts ??= openCountsDatabase(path);
      const lookup = openCodeLookup(path, undefined, options);
      lookups.push(lookup);
      return lookup;
    },
    async openImport() {
      return openSqliteStaging(db);
    },
    async recordImport({ outcome, rows, seconds }) {
      try {
        if (db.isOpen) {
          db.prepare('INSERT INTO import_runs (finished_at, outcome, rows, seconds) VALUES (?, ?, ?, ?)').run(
            new Date().toISOString(),
            outcome,
            rows,
            seconds,
          );
        }
      } catch {
        // Best effort (a full disk): the import's own outcome is what to report.
      }
    },
    tidyAfterImport(failed) {
      if (!failed) {
        return foldWriteAheadLog(db)
          ? undefined
          : `${path}-wal stays until the next import or until the service stops: it kept reading from it.`;
      }
      // The rolled-back write left its pages in the write-ahead log, which a running service keeps open:
      // emptied now rather than left to the next import. Best effort: the disk may refuse this too.
      try {
        if (db.isOpen) foldWriteAheadLog(db);
      } catch {
        // The import's own error is the one to report.
      }
      return undefined;
    },
    async close() {
      // The writer last: SQLite folds the write-ahead log back and deletes it only when the last
      // connection closes, and only a connection that may write can.
      for (const lookup of lookups.splice(0)) lookup.close();
      if (counts?.isOpen) counts.close();
      if (db.isOpen) db.close();
    },
  };
}
