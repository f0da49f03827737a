import type { CrossRowFacts } from '../importRows.ts';
import { crossRowProblems } from '../crossRowProblems.ts';

// The statements of a PostgreSQL import (server/db/postgres/importStaging.ts).

// Set before the session touches a temporary table (PostgreSQL refuses later): the staged rows of a
// million codes, about 70 MB, then stay in memory, and the checks' sorts and hashes too. No JIT: it
// compiled the checks and the write anew for each import, for rows that take microseconds each.
export const SESSION = `SET temp_buffers = '256MB'; SET work_mem = '128MB'; SET jit = off`;

// import_batch receives one batch of rows by COPY; they then join import_rows, which the checks
// across rows read once the file is read. Temporary tables write no WAL.
const COLUMNS = `
    line integer NOT NULL, code text COLLATE "C" NOT NULL, product_ref integer NOT NULL, lot_ref integer NOT NULL,
    parent_code text COLLATE "C", total_packet integer, is_carton boolean NOT NULL, problem text,
    parent_open boolean NOT NULL`;
export const CREATE = `
  CREATE TEMP TABLE import_rows (${COLUMNS}) ON COMMIT DROP;
  CREATE TEMP TABLE import_batch (${COLUMNS}) ON COMMIT DROP`;
export const COPY_BATCH = 'COPY import_batch FROM STDIN';
export const ADD_BATCH = 'INSERT INTO import_rows SELECT * FROM import_batch';
export const KEEP_BATCH = `${ADD_BATCH}; TRUNCATE import_batch`;

/** A cursor over the checks the file's order left open; undefined when none is. */
export function problemsCursor(facts: CrossRowFacts): string | undefined {
  const query = crossRowProblems(
    facts,
    'SELECT 1 FROM codes c JOIN products p ON p.id = c.product_id WHERE c.code = o.parent_code AND p.is_carton',
  );
  return query === undefined ? undefined : `DECLARE problems NO SCROLL CURSOR FOR ${query}`;
}

// Each upsert changes only rows whose values differ, so a repeated import writes nothing; RETURNING
// then names only what was added or changed.
// Pictures are named by their content: one already stored is the same picture.
export const WRITE_IMAGES = `
  INSERT INTO images (name, content_type, body) SELECT * FROM unnest($1::text[], $2::text[], $3::bytea[])
  ON CONFLICT (name) DO NOTHING`;
// A product's GTIN is kept when a file does not state it (the daily codes file has no gtin column):
// only a file that names a GTIN changes it.
const KEPT_GTIN = 'coalesce(excluded.gtin, products.gtin)';
export const WRITE_PRODUCTS = `
  INSERT INTO products (product_code, product_unit, product_name, weight, weight_type, is_carton, image_url, image_name, gtin)
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::text[], $6::boolean[], $7::text[], $8::text[], $9::text[])
  ON CONFLICT (product_code, product_unit) DO UPDATE
    SET product_name = excluded.product_name, weight = excluded.weight, weight_type = excluded.weight_type,
        image_url = excluded.image_url, image_name = excluded.image_name, gtin = ${KEPT_GTIN}
    WHERE (products.product_name, products.weight, products.weight_type, products.image_url, products.image_name, products.gtin)
      IS DISTINCT FROM (excluded.product_name, excluded.weight, excluded.weight_type, excluded.image_url, excluded.image_name, ${KEPT_GTIN})
  RETURNING id`;
// A GTIN a file gives a product leaves the product that had it (a file may move a GTIN, migration 006): the
// resolver then finds the product the brand names now, never the one it named before. Run before WRITE_PRODUCTS
// with its first two columns and its GTINs.
export const CLEAR_MOVED_GTINS = `
  UPDATE products SET gtin = NULL
  FROM unnest($1::text[], $2::text[], $3::text[]) AS f(product_code, product_unit, gtin)
  WHERE f.gtin IS NOT NULL AND products.gtin = f.gtin
    AND (products.product_code, products.product_unit) IS DISTINCT FROM (f.product_code, f.product_unit)`;
export const PRODUCT_IDS = `
  SELECT array_agg(p.id ORDER BY f.ref) FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS f(product_code, product_unit, ref)
  JOIN products p USING (product_code, product_unit)`;
// A lot's status is kept when a file does not state it: a recall is lifted only by an explicit
// 'active', never by a later file that adds codes to the lot without the column.
const KEPT_STATUS = 'coalesce(excluded.lot_status, lots.lot_status)';
const KEPT_REASON = 'CASE WHEN excluded.lot_status IS NULL THEN lots.recall_reason ELSE excluded.recall_reason END';
export const WRITE_LOTS = `
  INSERT INTO lots (product_code, lot_code, product_date, expire_date, lot_status, recall_reason)
  SELECT * FROM unnest($1::text[], $2::text[], $3::date[], $4::date[], $5::text[], $6::text[])
  ON CONFLICT (product_code, lot_code) DO UPDATE
    SET product_date = excluded.product_date, expire_date = excluded.expire_date,
        lot_status = ${KEPT_STATUS}, recall_reason = ${KEPT_REASON}
    WHERE (lots.product_date, lots.expire_date, lots.lot_status, lots.recall_reason)
      IS DISTINCT FROM (excluded.product_date, excluded.expire_date, ${KEPT_STATUS}, ${KEPT_REASON})
  RETURNING id`;
export const LOT_IDS = `
  SELECT array_agg(l.id ORDER BY f.ref) FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS f(product_code, lot_code, ref)
  JOIN lots l USING (product_code, lot_code)`;
export const BUMP_VERSION = 'UPDATE catalogue_version SET version = version + 1';
export const RECORD_RUN = 'INSERT INTO import_runs (finished_at, outcome, rows, seconds) VALUES (now(), $1, $2, $3)';

// The staged numbers of products and lots become their ids through two arrays ($1, $2) indexed by
// those numbers; $3: only lines after it. $4 and $5, the least and greatest staged code, bound the
// stored codes read to a range of the primary key: a batch of a file in code order is compared with
// the few codes stored in its range, not with the whole table. Changed codes first, so new ones are
// not compared again.
const staged = (source: string) => `
  SELECT r.code, ($1::int[])[r.product_ref] AS product_id, ($2::int[])[r.lot_ref] AS lot_id, r.parent_code, r.total_packet
  FROM ${source} r WHERE r.line > $3`;
export const updateCodes = (source: string) => `
  UPDATE codes c SET product_id = s.product_id, lot_id = s.lot_id, parent_code = s.parent_code, total_packet = s.total_packet
  FROM (${staged(source)}) s
  WHERE c.code = s.code AND c.code BETWEEN $4 AND $5
    AND (c.product_id, c.lot_id, c.parent_code, c.total_packet) IS DISTINCT FROM (s.product_id, s.lot_id, s.parent_code, s.total_packet)`;
export const insertCodes = (source: string) => `
  INSERT INTO codes (code, product_id, lot_id, parent_code, total_packet)
  SELECT * FROM (${staged(source)}) s
  WHERE NOT EXISTS (SELECT 1 FROM codes c WHERE c.code = s.code AND c.code BETWEEN $4 AND $5)`;
