import type { Db } from '../db/database.ts';
import { isCarton } from '../domain/traceCode.ts';
import type { ImportRow } from './importRow.ts';
import type { RowProblem } from './importFile.ts';

// Rows wait in a temporary table so a file of millions of codes is checked in bounded memory,
// and the final write is a few set-based statements inside one transaction.
const CREATE = `
  DROP TABLE IF EXISTS temp.import_rows;
  CREATE TEMP TABLE import_rows (
    line INTEGER NOT NULL, code TEXT NOT NULL, product_code TEXT NOT NULL, product_name TEXT,
    product_unit TEXT NOT NULL, weight REAL, weight_type TEXT, lot_code TEXT NOT NULL,
    product_date TEXT, expire_date TEXT, parent_code TEXT, total_packet INTEGER, is_carton INTEGER NOT NULL
  );`;

const INSERT = `
  INSERT INTO temp.import_rows VALUES (@line, @code, @productCode, @productName, @productUnit, @weight,
    @weightType, @lotCode, @productDate, @expireDate, @parentCode, @totalPacket, @isCarton)`;

const INDEX = `
  CREATE INDEX temp.import_rows_code ON import_rows (code);
  CREATE INDEX temp.import_rows_product ON import_rows (product_code, product_unit);
  CREATE INDEX temp.import_rows_lot ON import_rows (product_code, lot_code);`;

// The first row (lowest line) of each product and lot is the reference the others must agree with;
// SQLite takes bare columns from the row that gives min(line).
const FIRST_PRODUCTS = `
  SELECT product_code, product_unit, product_name, weight, weight_type, min(line) AS line
  FROM import_rows GROUP BY product_code, product_unit`;
const FIRST_LOTS = `
  SELECT product_code, lot_code, product_date, expire_date, min(line) AS line
  FROM import_rows GROUP BY product_code, lot_code`;

const PROBLEMS = `
  SELECT r.line, 'code ' || r.code || ' is already on line ' || f.line AS reason
  FROM import_rows r JOIN (SELECT code, min(line) AS line FROM import_rows GROUP BY code HAVING count(*) > 1) f
    ON f.code = r.code AND r.line > f.line
  UNION ALL
  SELECT r.line, 'product ' || r.product_code || ' (' || r.product_unit || ') has another name, weight or weight type on line ' || f.line
  FROM import_rows r JOIN (${FIRST_PRODUCTS}) f ON f.product_code = r.product_code AND f.product_unit = r.product_unit
  WHERE (r.product_name, r.weight, r.weight_type) IS NOT (f.product_name, f.weight, f.weight_type)
  UNION ALL
  SELECT r.line, 'lot ' || r.lot_code || ' of product ' || r.product_code || ' has other dates on line ' || f.line
  FROM import_rows r JOIN (${FIRST_LOTS}) f ON f.product_code = r.product_code AND f.lot_code = r.lot_code
  WHERE (r.product_date, r.expire_date) IS NOT (f.product_date, f.expire_date)
  UNION ALL
  SELECT r.line, 'parentCode ' || r.parent_code || ' is not a carton in this file or in the database'
  FROM import_rows r
  WHERE r.parent_code IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM import_rows p WHERE p.code = r.parent_code AND p.is_carton)
    AND NOT EXISTS (SELECT 1 FROM main.codes c JOIN main.products p ON p.id = c.product_id
                    WHERE c.code = r.parent_code AND is_carton(p.product_unit))
  ORDER BY 1`;

// "WHERE true" keeps SQLite from reading ON CONFLICT as a join constraint of the SELECT.
// Each upsert updates only rows whose values differ, so a repeated import writes nothing.
const WRITE_PRODUCTS = `
  INSERT INTO main.products (product_code, product_unit, product_name, weight, weight_type)
  SELECT product_code, product_unit, product_name, weight, weight_type FROM (${FIRST_PRODUCTS}) WHERE true
  ON CONFLICT (product_code, product_unit) DO UPDATE
    SET product_name = excluded.product_name, weight = excluded.weight, weight_type = excluded.weight_type
    WHERE (product_name, weight, weight_type) IS NOT (excluded.product_name, excluded.weight, excluded.weight_type)`;
const WRITE_LOTS = `
  INSERT INTO main.lots (product_code, lot_code, product_date, expire_date)
  SELECT product_code, lot_code, product_date, expire_date FROM (${FIRST_LOTS}) WHERE true
  ON CONFLICT (product_code, lot_code) DO UPDATE
    SET product_date = excluded.product_date, expire_date = excluded.expire_date
    WHERE (product_date, expire_date) IS NOT (excluded.product_date, excluded.expire_date)`;
// Sorted by code so the clustered index is appended to rather than split at random.
const WRITE_CODES = `
  INSERT INTO main.codes (code, product_id, lot_id, parent_code, total_packet)
  SELECT r.code, p.id, l.id, r.parent_code, r.total_packet
  FROM import_rows r
  JOIN main.products p ON p.product_code = r.product_code AND p.product_unit = r.product_unit
  JOIN main.lots l ON l.product_code = r.product_code AND l.lot_code = r.lot_code
  WHERE true ORDER BY r.code
  ON CONFLICT (code) DO UPDATE
    SET product_id = excluded.product_id, lot_id = excluded.lot_id,
        parent_code = excluded.parent_code, total_packet = excluded.total_packet
    WHERE (product_id, lot_id, parent_code, total_packet)
      IS NOT (excluded.product_id, excluded.lot_id, excluded.parent_code, excluded.total_packet)`;

export interface WriteCounts {
  inserted: number;
  updated: number;
  catalogueChanges: number;
}

export function openStaging(db: Db) {
  db.function('is_carton', { deterministic: true }, (unit) => Number(isCarton({ productUnit: String(unit) })));
  db.exec(CREATE);
  const insert = db.prepare(INSERT);
  const add = db.transaction((batch: { line: number; row: ImportRow }[]) => {
    for (const { line, row } of batch) insert.run({ ...row, line, isCarton: Number(row.isCarton) });
  });
  const countCodes = db.prepare<[], number>('SELECT count(*) FROM main.codes').pluck();
  const write = db.transaction((): WriteCounts => {
    const catalogueChanges = db.prepare(WRITE_PRODUCTS).run().changes + db.prepare(WRITE_LOTS).run().changes;
    const before = countCodes.get() ?? 0;
    const changes = db.prepare(WRITE_CODES).run().changes;
    const inserted = (countCodes.get() ?? 0) - before;
    return { inserted, updated: changes - inserted, catalogueChanges };
  });

  return {
    add,
    /** Reports one problem per line, its reasons joined, in line order; returns how many lines are bad. */
    reportCrossRowProblems(onProblem: (problem: RowProblem) => void): number {
      db.exec(INDEX);
      let pending: RowProblem | undefined;
      let count = 0;
      for (const { line, reason } of db.prepare<[], RowProblem>(PROBLEMS).iterate()) {
        if (pending?.line === line) {
          pending.reason += `; ${reason}`;
          continue;
        }
        if (pending) onProblem(pending);
        pending = { line, reason };
        count++;
      }
      if (pending) onProblem(pending);
      return count;
    },
    write: () => write.immediate(),
    close: () => db.exec('DROP TABLE IF EXISTS temp.import_rows'),
  };
}
