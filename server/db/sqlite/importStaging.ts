import type { SQLInputValue } from 'node:sqlite';
import type { CatalogueParts, CrossRowFacts, ImportRow, RowProblem } from '../importRows.ts';
import { isCarton } from '../../domain/traceCode.ts';
import type { ImportRun, ImportStaging, WriteCounts } from '../storage.ts';
import { inTransaction, type Db } from './database.ts';
import { crossRowProblems, ProblemsByLine } from '../crossRowProblems.ts';

// Rows wait in a temporary table, so a file of millions of codes is checked in bounded memory and the
// final write is a few set-based statements inside one transaction. SQLite keeps temporary tables in
// a file of their own that it unlinks as it creates it: nothing of them can be left behind.

const COLUMNS = 9;
/** Rows per INSERT statement: one call into SQLite per hundred rows instead of per row. */
const ROWS_PER_INSERT = 100;
/** The temporary database's page cache; past it SQLite spills to the temporary file. */
const TEMP_CACHE_KIB = 64 * 1024;

const CREATE = `
  DROP TABLE IF EXISTS temp.import_rows;
  DROP TABLE IF EXISTS temp.import_products;
  DROP TABLE IF EXISTS temp.import_lots;
  CREATE TEMP TABLE import_rows (
    line INTEGER NOT NULL, code TEXT NOT NULL, product_ref INTEGER NOT NULL, lot_ref INTEGER NOT NULL,
    parent_code TEXT, total_packet INTEGER, is_carton INTEGER NOT NULL, problem TEXT, parent_open INTEGER NOT NULL
  );
  CREATE TEMP TABLE import_products (ref INTEGER PRIMARY KEY, id INTEGER NOT NULL);
  CREATE TEMP TABLE import_lots (ref INTEGER PRIMARY KEY, id INTEGER NOT NULL);`;

const DROP = `
  DROP TABLE IF EXISTS temp.import_rows;
  DROP TABLE IF EXISTS temp.import_products;
  DROP TABLE IF EXISTS temp.import_lots;`;

const insertRows = (rows: number) =>
  `INSERT INTO temp.import_rows VALUES ${Array.from({ length: rows }, () => `(${'?,'.repeat(COLUMNS - 1)}?)`).join(',')}`;

// Built once all rows are in, and only when a check or the write needs it: one sort instead of a
// B-tree insert per row. With is_carton, a parent's lookup reads the index alone.
const INDEX = 'CREATE INDEX temp.import_rows_code ON import_rows (code, is_carton)';

function problemsQuery(facts: CrossRowFacts): string | undefined {
  return crossRowProblems(
    facts,
    'SELECT 1 FROM main.codes c JOIN main.products p ON p.id = c.product_id WHERE c.code = o.parent_code AND is_carton(p.product_unit)',
  );
}

// Each upsert updates only rows whose values differ, so a repeated import writes nothing.
// Pictures are named by their content: one already stored is the same picture.
const WRITE_IMAGE = 'INSERT INTO main.images (name, content_type, body) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING';
// A product's GTIN is kept when a file does not state it (the daily codes file has no gtin column):
// only a file that names a GTIN changes it.
const KEPT_GTIN = 'coalesce(excluded.gtin, gtin)';
const WRITE_PRODUCT = `
  INSERT INTO main.products (product_code, product_unit, product_name, weight, weight_type, image_url, image_name, gtin) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (product_code, product_unit) DO UPDATE
    SET product_name = excluded.product_name, weight = excluded.weight, weight_type = excluded.weight_type,
        image_url = excluded.image_url, image_name = excluded.image_name, gtin = ${KEPT_GTIN}
    WHERE (product_name, weight, weight_type, image_url, image_name, gtin)
      IS NOT (excluded.product_name, excluded.weight, excluded.weight_type, excluded.image_url, excluded.image_name, ${KEPT_GTIN})`;
const PRODUCT_ID = 'SELECT id FROM main.products WHERE product_code = ? AND product_unit = ?';
// A GTIN a file gives a product leaves the product that had it (a file may move a GTIN, migration 007): the
// resolver then finds the product the brand names now, never the one it named before.
const CLEAR_MOVED_GTIN =
  'UPDATE main.products SET gtin = NULL WHERE gtin = ? AND NOT (product_code = ? AND product_unit = ?)';
// A lot's status is kept when a file does not state it: a recall is lifted only by an explicit
// 'active', never by a later file that adds codes to the lot without the column.
const KEPT_STATUS = 'coalesce(excluded.lot_status, lot_status)';
const KEPT_REASON = 'CASE WHEN excluded.lot_status IS NULL THEN recall_reason ELSE excluded.recall_reason END';
const WRITE_LOT = `
  INSERT INTO main.lots (product_code, lot_code, product_date, expire_date, lot_status, recall_reason) VALUES (?, ?, ?, ?, ?, ?)
  ON CONFLICT (product_code, lot_code) DO UPDATE
    SET product_date = excluded.product_date, expire_date = excluded.expire_date,
        lot_status = ${KEPT_STATUS}, recall_reason = ${KEPT_REASON}
    WHERE (product_date, expire_date, lot_status, recall_reason)
      IS NOT (excluded.product_date, excluded.expire_date, ${KEPT_STATUS}, ${KEPT_REASON})`;
const LOT_ID = 'SELECT id FROM main.lots WHERE product_code = ? AND lot_code = ?';
// "WHERE true" keeps SQLite from reading ON CONFLICT as a join constraint of the SELECT. In code
// order, so the clustered index is appended to rather than split at random: the staged order when the
// file's codes ascend, else through the index.
const writeCodes = (order: string) => `
  INSERT INTO main.codes (code, product_id, lot_id, parent_code, total_packet)
  SELECT r.code, p.id, l.id, r.parent_code, r.total_packet
  FROM import_rows r JOIN import_products p ON p.ref = r.product_ref JOIN import_lots l ON l.ref = r.lot_ref
  WHERE true ORDER BY ${order}
  ON CONFLICT (code) DO UPDATE
    SET product_id = excluded.product_id, lot_id = excluded.lot_id,
        parent_code = excluded.parent_code, total_packet = excluded.total_packet
    WHERE (product_id, lot_id, parent_code, total_packet)
      IS NOT (excluded.product_id, excluded.lot_id, excluded.parent_code, excluded.total_packet)`;

export function openSqliteStaging(db: Db): ImportStaging {
  db.function('is_carton', { deterministic: true }, (unit) => Number(isCarton({ productUnit: String(unit) })));
  db.exec(`PRAGMA temp.cache_size = -${TEMP_CACHE_KIB}`);
  // As on PostgreSQL, the import checks parents itself and takes product and lot ids from rows it has
  // just written: SQLite's own check of every code's three references doubled the final write.
  db.exec('PRAGMA foreign_keys = OFF');
  db.exec(CREATE);
  let codesAscending = false;
  const insertFull = db.prepare(insertRows(ROWS_PER_INSERT));
  // Reused for every statement: rows are copied into it, never gathered as objects.
  const values: SQLInputValue[] = new Array(ROWS_PER_INSERT * COLUMNS);
  let filled = 0;
  const begin = db.prepare('BEGIN');
  const commit = db.prepare('COMMIT');

  const insertFilled = () => {
    if (filled === 0) return;
    if (!db.isTransaction) begin.run();
    if (filled === values.length) insertFull.run(...values);
    else db.prepare(insertRows(filled / COLUMNS)).run(...values.slice(0, filled));
    filled = 0;
  };

  const countCodes = db.prepare('SELECT count(*) AS count FROM main.codes');
  const codeCount = () => Number((countCodes.get() as { count: number }).count);
  const recordRun = db.prepare(
    'INSERT INTO main.import_runs (finished_at, outcome, rows, seconds) VALUES (?, ?, ?, ?)',
  );
  const write = ({ products, lots, images }: CatalogueParts, run: ImportRun): WriteCounts => {
    let catalogueChanges = 0;
    const writeImage = db.prepare(WRITE_IMAGE);
    for (const image of images) writeImage.run(image.name, image.contentType, image.body);
    const [writeProduct, productId, addProduct, clearMovedGtin] = [
      db.prepare(WRITE_PRODUCT),
      db.prepare(PRODUCT_ID),
      db.prepare('INSERT INTO import_products VALUES (?, ?)'),
      db.prepare(CLEAR_MOVED_GTIN),
    ];
    for (const p of products) {
      if (p.gtin !== null) catalogueChanges += Number(clearMovedGtin.run(p.gtin, p.productCode, p.productUnit).changes);
      catalogueChanges += Number(
        writeProduct.run(
          p.productCode,
          p.productUnit,
          p.productName,
          p.weight,
          p.weightType,
          p.imageUrl,
          p.imageName,
          p.gtin,
        ).changes,
      );
      addProduct.run(p.ref, (productId.get(p.productCode, p.productUnit) as { id: number }).id);
    }
    const [writeLot, lotId, addLot] = [
      db.prepare(WRITE_LOT),
      db.prepare(LOT_ID),
      db.prepare('INSERT INTO import_lots VALUES (?, ?)'),
    ];
    for (const l of lots) {
      catalogueChanges += Number(
        writeLot.run(l.productCode, l.lotCode, l.productDate, l.expireDate, l.lotStatus, l.recallReason).changes,
      );
      addLot.run(l.ref, (lotId.get(l.productCode, l.lotCode) as { id: number }).id);
    }
    const before = codeCount();
    const changes = Number(db.prepare(writeCodes(codesAscending ? 'r.rowid' : 'r.code')).run().changes);
    const inserted = codeCount() - before;
    recordRun.run(new Date().toISOString(), run.outcome, run.rows, run.seconds);
    return { inserted, updated: changes - inserted, catalogueChanges };
  };

  return {
    add(
      line: number,
      row: ImportRow,
      productRef: number,
      lotRef: number,
      problem: string | null,
      parentChecked: boolean,
    ) {
      values[filled++] = line;
      values[filled++] = row.code;
      values[filled++] = productRef;
      values[filled++] = lotRef;
      values[filled++] = row.parentCode;
      values[filled++] = row.totalPacket;
      values[filled++] = row.isCarton ? 1 : 0;
      values[filled++] = problem;
      values[filled++] = parentChecked ? 0 : 1;
      if (filled === values.length) insertFilled();
    },
    async flush() {
      insertFilled();
      if (db.isTransaction) commit.run();
    },
    async reportProblems(facts: CrossRowFacts, onProblem: (problem: RowProblem) => void) {
      codesAscending = facts.codesAscending;
      // The index serves the repeated-code and parent checks, and a write in code order of codes that came in another order.
      if (!facts.codesAscending || facts.openParents > 0) {
        db.exec(INDEX);
      }
      const query = problemsQuery(facts);
      if (query === undefined) return 0;
      const problems = new ProblemsByLine(onProblem);
      for (const problem of db.prepare(query).iterate()) problems.add(problem as unknown as RowProblem);
      return problems.finish();
    },
    async write(catalogue, run) {
      return inTransaction(db, () => write(catalogue, run));
    },
    async close() {
      if (db.isTransaction) db.exec('ROLLBACK');
      db.exec(DROP);
      db.exec('PRAGMA foreign_keys = ON');
    },
  };
}
