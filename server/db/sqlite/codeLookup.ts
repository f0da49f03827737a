import { DatabaseSync } from 'node:sqlite';
import { attachCounts } from './countsDatabase.ts';
import { productImageUrl, type StoredImage } from '../../domain/productImage.ts';
import { isCarton, UNIT_CODES_MAX, type ProductLot, type StoredCode } from '../../domain/traceCode.ts';
import type { CodeLookup, ImportRunTotals, LookupOptions } from '../storage.ts';
import type { Gs1LotRecord, Gs1ProductRecord } from '../../domain/gs1Records.ts';

/** SQLite answers at once: a lookup is one primary-key read, done before `find` returns. */
export interface SqliteCodeLookup extends CodeLookup {
  find(code: string): StoredCode | undefined;
  close(): void;
}

/** How long lookups may share one read snapshot: the longest a finished import waits to be seen. */
export const SNAPSHOT_MAX_AGE_MS = 100;

/** Lookups read random pages of a large code index; mapping the file saves a read() per page. */
const MMAP_SIZE = 256 * 1024 * 1024;

type CodeRow = [
  productId: number,
  lotId: number,
  totalPacket: number | null,
  parentCode: string | null,
  parentTotal: number | null,
  firstDay?: string | null,
  lookups?: number,
  networks?: string,
];
type LotRow = Omit<ProductLot, 'imageUrl'> & { imageUrl: string | null; imageName: string | null };

/** A lot as lookups keep it: whether its codes are cartons is decided once. */
interface KeptLot {
  lot: ProductLot;
  carton: boolean;
}

/**
 * Lookups get a read-only connection of their own, so the request path can never write.
 *
 * Outside a transaction, SQLite opens and closes a read transaction around every statement: two lock
 * calls and a stat, about 60 % of a lookup here. So lookups share one read transaction, ended at most
 * `snapshotMaxAgeMs` after it began: a commit by another process (`npm run import`) is seen within
 * that time, and the checkpoint that import ends with (foldWriteAheadLog) waits no longer.
 *
 * Millions of codes share a few hundred product lots, so each lot is read once and kept, until
 * another connection commits anything to the catalogue's file (SQLite's data_version, checked with each
 * new snapshot). The lookup counts are in a file of their own (countsDatabase.ts), attached: their batches
 * leave the catalogue's data_version, its page cache here and the kept lots alone.
 */
export function openCodeLookup(
  path: string,
  snapshotMaxAgeMs = SNAPSHOT_MAX_AGE_MS,
  { counts: withCounts = false }: LookupOptions = {},
): SqliteCodeLookup {
  const db = new DatabaseSync(path, { readOnly: true });
  db.exec(`PRAGMA mmap_size = ${MMAP_SIZE}`);
  if (withCounts) attachCounts(db, path);
  // A unit's carton and its unit count in the same statement, and the code's lookup counts when
  // counting is on: one call into SQLite, not two or three.
  const readCode = db.prepare(
    withCounts
      ? `SELECT c.product_id, c.lot_id, c.total_packet, c.parent_code, parent.total_packet, k.first_day, k.lookups, k.networks
         FROM codes c LEFT JOIN codes parent ON parent.code = c.parent_code LEFT JOIN counts.check_codes k ON k.code = c.code WHERE c.code = ?`
      : `SELECT c.product_id, c.lot_id, c.total_packet, c.parent_code, parent.total_packet
         FROM codes c LEFT JOIN codes parent ON parent.code = c.parent_code WHERE c.code = ?`,
  );
  readCode.setReturnArrays(true);
  const readLot = db.prepare(`
    SELECT p.product_code AS productCode, p.product_name AS productName, p.product_unit AS productUnit,
           p.weight, p.weight_type AS weightType, l.product_date AS productDate, l.expire_date AS expireDate,
           l.lot_status AS lotStatus, l.recall_reason AS recallReason, p.image_url AS imageUrl, p.image_name AS imageName,
           p.gtin, l.lot_code AS lotCode
    FROM products p, lots l
    WHERE p.id = ? AND l.id = ?`);
  const readUnits = db.prepare('SELECT code FROM codes WHERE parent_code = ? ORDER BY code LIMIT ?');
  readUnits.setReturnArrays(true);
  const readImage = db.prepare('SELECT name, content_type AS contentType, body FROM images WHERE name = ?');
  // Issue 39: a GTIN's product and its lots (GS1 Digital Link levels /01/{gtin} and /01/{gtin}/10/{lot}).
  const readGtin = db.prepare(`
    SELECT gtin, product_code AS productCode, product_unit AS productUnit, product_name AS productName,
           image_url AS imageUrl, image_name AS imageName
    FROM products WHERE gtin = ? ORDER BY id LIMIT 1`);
  const readGtinLot = db.prepare(`
    SELECT p.gtin, p.product_code AS productCode, p.product_name AS productName, l.lot_code AS lotCode,
           l.product_date AS productDate, l.expire_date AS expireDate, l.lot_status AS lotStatus,
           l.recall_reason AS recallReason
    FROM products p JOIN lots l ON l.product_code = p.product_code
    WHERE p.gtin = ? AND l.lot_code = ? ORDER BY p.id LIMIT 1`);
  const readRuns = db.prepare(
    'SELECT outcome, count(*) AS count, max(finished_at) AS last FROM import_runs GROUP BY outcome ORDER BY outcome',
  );
  const probe = db.prepare('SELECT 1 FROM codes LIMIT 1');
  const begin = db.prepare('BEGIN');
  const commit = db.prepare('COMMIT');
  const dataVersion = db.prepare('PRAGMA data_version');
  dataVersion.setReturnArrays(true);

  const lots = new Map<string, KeptLot>();
  let seenVersion: unknown;
  let snapshot: NodeJS.Timeout | undefined;
  const endSnapshot = () => {
    snapshot = undefined;
    if (db.isTransaction) commit.run();
  };
  const beginSnapshot = () => {
    begin.run();
    snapshot = setTimeout(endSnapshot, snapshotMaxAgeMs).unref();
    const version = (dataVersion.get() as unknown as unknown[])[0];
    if (version !== seenVersion) lots.clear();
    seenVersion = version;
  };

  return {
    find(code) {
      if (snapshot === undefined) beginSnapshot();
      const row = readCode.get(code) as unknown as CodeRow | undefined;
      if (row === undefined) return undefined;
      const [productId, lotId, totalPacket, parentCode, parentTotal, firstDay, lookups, networks] = row;
      const counts = !withCounts
        ? undefined
        : firstDay == null
          ? null
          : { firstDay, lookups: lookups!, networks: networks! };
      const key = `${productId}/${lotId}`;
      let kept = lots.get(key);
      if (kept === undefined) {
        const read = readLot.get(productId, lotId) as LotRow | undefined;
        // The import checks every reference: this means a damaged file, and must not become a 204.
        if (read === undefined)
          throw new Error(`code ${code} points to a missing product ${productId} or lot ${lotId}`);
        const { imageUrl, imageName, ...rest } = read;
        const lot = { ...rest, imageUrl: productImageUrl(imageUrl, imageName) };
        kept = { lot, carton: isCarton(lot) };
        lots.set(key, kept);
      }
      const { lot, carton } = kept;
      if (carton)
        return {
          code,
          totalPacket,
          lot,
          unitCodes: (readUnits.all(code, UNIT_CODES_MAX) as unknown as [string][]).map(([unit]) => unit),
          counts,
        };
      if (parentCode === null) return { code, totalPacket, lot, counts };
      return { code, totalPacket, lot, carton: { code: parentCode, totalPacket: parentTotal }, counts };
    },
    image(name) {
      if (snapshot === undefined) beginSnapshot();
      const image = readImage.get(name) as (Omit<StoredImage, 'body'> & { body: Uint8Array }) | undefined;
      // SQLite hands a blob over as a Uint8Array; the route sends Buffers (no copy: the same memory).
      return image && { ...image, body: Buffer.from(image.body.buffer, image.body.byteOffset, image.body.byteLength) };
    },
    product(gtin) {
      if (snapshot === undefined) beginSnapshot();
      const row = readGtin.get(gtin) as (Gs1ProductRecord & { imageName: string | null }) | undefined;
      if (row === undefined) return undefined;
      const { imageName, ...product } = row;
      return { ...product, imageUrl: productImageUrl(product.imageUrl, imageName) };
    },
    lot(gtin, lotCode) {
      if (snapshot === undefined) beginSnapshot();
      return readGtinLot.get(gtin, lotCode) as Gs1LotRecord | undefined;
    },
    importRuns() {
      if (snapshot === undefined) beginSnapshot();
      return (readRuns.all() as { outcome: ImportRunTotals['outcome']; count: number; last: string }[]).map(
        ({ outcome, count, last }) => ({ outcome, count, lastFinished: Date.parse(last) / 1000 }),
      );
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
