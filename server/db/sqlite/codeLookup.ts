import Database from 'better-sqlite3';
import type { ProductLot, StoredCode } from '../../domain/traceCode.ts';
import type { CodeLookup } from '../storage.ts';

/** SQLite answers at once: a lookup is one primary-key read, done before `find` returns. */
export interface SqliteCodeLookup extends CodeLookup {
  find(code: string): StoredCode | undefined;
  close(): void;
}

/** How long lookups may share one read snapshot: the longest a finished import waits to be seen. */
export const SNAPSHOT_MAX_AGE_MS = 100;

/** Lookups read random pages of a large code index; mapping the file saves a read() per page. */
const MMAP_SIZE = 256 * 1024 * 1024;

type CodeRow = [productId: number, lotId: number, totalPacket: number | null];

/**
 * Lookups get a read-only connection of their own, so the request path can never write.
 *
 * Outside a transaction, SQLite opens and closes a read transaction around every statement: two lock
 * calls and a stat, about 60 % of a lookup here. So lookups share one read transaction, ended at most
 * `snapshotMaxAgeMs` after it began: a commit by another process (`npm run import`) is seen within
 * that time, and the checkpoint that import ends with (foldWriteAheadLog) waits no longer.
 *
 * Millions of codes share a few hundred product lots, so each lot is read once and kept, until
 * another connection commits anything (SQLite's data_version, checked with each new snapshot).
 */
export function openCodeLookup(path: string, snapshotMaxAgeMs = SNAPSHOT_MAX_AGE_MS): SqliteCodeLookup {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  db.pragma(`mmap_size = ${MMAP_SIZE}`);
  const readCode = db
    .prepare<[string], CodeRow>('SELECT product_id, lot_id, total_packet FROM codes WHERE code = ?')
    .raw();
  const readLot = db.prepare<[number, number], ProductLot>(`
    SELECT p.product_code AS productCode, p.product_name AS productName, p.product_unit AS productUnit,
           p.weight, p.weight_type AS weightType, l.product_date AS productDate, l.expire_date AS expireDate
    FROM products p, lots l
    WHERE p.id = ? AND l.id = ?`);
  const probe = db.prepare('SELECT 1 FROM codes LIMIT 1');
  const begin = db.prepare('BEGIN');
  const commit = db.prepare('COMMIT');
  const dataVersion = db.prepare('PRAGMA data_version').pluck();

  const lots = new Map<string, ProductLot>();
  let seenVersion: unknown;
  let snapshot: NodeJS.Timeout | undefined;
  const endSnapshot = () => {
    snapshot = undefined;
    if (db.inTransaction) commit.run();
  };
  const beginSnapshot = () => {
    begin.run();
    snapshot = setTimeout(endSnapshot, snapshotMaxAgeMs).unref();
    const version = dataVersion.get();
    if (version !== seenVersion) lots.clear();
    seenVersion = version;
  };

  return {
    find(code) {
      if (snapshot === undefined) beginSnapshot();
      const row = readCode.get(code);
      if (row === undefined) return undefined;
      const [productId, lotId, totalPacket] = row;
      const key = `${productId}/${lotId}`;
      let lot = lots.get(key);
      if (lot === undefined) {
        lot = readLot.get(productId, lotId);
        // Foreign keys make this impossible short of a corrupt file; it must not become a 204.
        if (lot === undefined) throw new Error(`code ${code} points to a missing product ${productId} or lot ${lotId}`);
        lots.set(key, lot);
      }
      return { code, totalPacket, lot };
    },
    ping() {
      probe.get();
    },
    close() {
      clearTimeout(snapshot);
      snapshot = undefined;
      db.close();
    },
  };
}
