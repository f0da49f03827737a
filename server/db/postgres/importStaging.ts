import { once } from 'node:events';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { CatalogueParts, CrossRowFacts, ImportRow, RowProblem } from '../importRows.ts';
import type { ImportRun, ImportStaging, WriteCounts } from '../storage.ts';
import { CopyTextRows } from './copyText.ts';
import { ProblemsByLine } from '../crossRowProblems.ts';
import * as sql from './importSql.ts';

// The whole import is one transaction on a connection of its own: rows stream with COPY into a
// temporary table, the rules across rows run in SQL, and the catalogue and the codes are written in
// the same transaction, so any bad row or failure rolls all of it back (PostgreSQL drops the
// temporary tables with it). Writing the codes is most of PostgreSQL's work, so while the file's
// order proves it sound so far (codes ascending, every row agreeing with its product and lot) each
// batch of rows is written as soon as it is loaded, while the importer reads and checks the next one
// on its own core. The checks left open still run on every row before the commit.

/** One import writes at a time; a second waits for it, so each checks against what the other wrote. */
const IMPORT_LOCK = 7_310_015;
const PROBLEMS_PER_FETCH = 10_000;
/** Rows per batch: a COPY, then the batch's write, overlapping the reading of the next batch. */
export const BATCH_ROWS = 100_000;
/** Rows read while a batch is still being written wait in memory up to this; then reading waits. */
const MAX_WAITING_BYTES = 16 << 20;

export async function openPostgresStaging(client: pg.PoolClient): Promise<ImportStaging> {
  await client.query(sql.SESSION);
  await client.query('BEGIN');
  await client.query('SELECT pg_advisory_xact_lock($1)', [IMPORT_LOCK]);
  await client.query(sql.CREATE);

  const pending = new CopyTextRows();
  let copy: ReturnType<typeof copyFrom> | undefined;
  let copyError: Error | undefined;
  let batchRows = 0;
  let lastLine = 0;
  /** The batch being written (its promise never rejects: the error is kept in `batchError`). */
  let writing: Promise<void> | undefined;
  let batchError: unknown;
  /** Lines up to this one are written to codes; false once the file's order stops proving it sound. */
  let writtenThrough = 0;
  let writingEarly = true;
  const counts: WriteCounts = { inserted: 0, updated: 0, catalogueChanges: 0 };
  /** The least and greatest code of the rows not written yet. */
  let unwritten = new CodeRange();
  let productIds: number[] = [];
  let lotIds: number[] = [];
  let imagesWritten = 0;

  const startCopy = () => {
    copy = client.query(copyFrom(sql.COPY_BATCH));
    copyError = undefined;
    copy.on('error', (error: Error) => (copyError ??= error));
  };
  const endCopy = async () => {
    if (copy === undefined) return;
    const finished = copy;
    copy = undefined;
    finished.end();
    await Promise.race([once(finished, 'finish'), once(finished, 'error')]);
    if (copyError) throw copyError;
  };
  const waitForBatch = async () => {
    await writing;
    writing = undefined;
    if (batchError !== undefined) throw batchError;
  };

  /** Adds or updates the products and lots not written yet (all of them again at the end: a few hundred). */
  const writeCatalogue = async ({ products, lots, images }: CatalogueParts) => {
    const [newProducts, newLots, newImages] = [
      products.slice(productIds.length),
      lots.slice(lotIds.length),
      images.slice(imagesWritten),
    ];
    if (newImages.length > 0) {
      await client.query(sql.WRITE_IMAGES, [
        newImages.map((i) => i.name),
        newImages.map((i) => i.contentType),
        newImages.map((i) => i.body),
      ]);
      imagesWritten += newImages.length;
    }
    if (newProducts.length > 0) {
      const columns = [
        newProducts.map((p) => p.productCode),
        newProducts.map((p) => p.productUnit),
        newProducts.map((p) => p.productName),
        newProducts.map((p) => p.weight),
        newProducts.map((p) => p.weightType),
        newProducts.map((p) => p.isCarton),
        newProducts.map((p) => p.imageUrl),
        newProducts.map((p) => p.imageName),
        newProducts.map((p) => p.gtin),
      ];
      const moved = [columns[0], columns[1], columns[8]];
      counts.catalogueChanges += (await client.query(sql.CLEAR_MOVED_GTINS, moved)).rowCount ?? 0;
      counts.catalogueChanges += (await client.query(sql.WRITE_PRODUCTS, columns)).rowCount ?? 0;
      const ids =
        (await client.query<{ array_agg: number[] }>(sql.PRODUCT_IDS, columns.slice(0, 2))).rows[0]?.array_agg ?? [];
      productIds = productIds.concat(ids);
    }
    if (newLots.length > 0) {
      const columns = [
        newLots.map((l) => l.productCode),
        newLots.map((l) => l.lotCode),
        newLots.map((l) => l.productDate),
        newLots.map((l) => l.expireDate),
        newLots.map((l) => l.lotStatus),
        newLots.map((l) => l.recallReason),
      ];
      counts.catalogueChanges += (await client.query(sql.WRITE_LOTS, columns)).rowCount ?? 0;
      const ids =
        (await client.query<{ array_agg: number[] }>(sql.LOT_IDS, columns.slice(0, 2))).rows[0]?.array_agg ?? [];
      lotIds = lotIds.concat(ids);
    }
  };

  /** Writes the codes of `source` after line `after`, all within `codes` (the products and lots are written first). */
  const writeCodes = async (source: string, after: number, codes: CodeRange) => {
    if (codes.least === undefined) return;
    const params = [productIds, lotIds, after, codes.least, codes.greatest];
    counts.updated += (await client.query(sql.updateCodes(source), params)).rowCount ?? 0;
    counts.inserted += (await client.query(sql.insertCodes(source), params)).rowCount ?? 0;
  };

  /** Ends the batch's COPY; its rows join import_rows and, while the file looks sound so far, codes. */
  const endBatch = async (catalogue: CatalogueParts, through: number, codes: CodeRange) => {
    await endCopy();
    if (writingEarly) {
      await writeCatalogue(catalogue);
      await writeCodes('import_batch', 0, codes);
      writtenThrough = through;
    }
    await client.query(sql.KEEP_BATCH);
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
      pending.int(line).tab().ascii(row.code).tab().int(productRef).tab().int(lotRef).tab();
      // Codes are checked letters and digits: nothing in them to escape.
      if (row.parentCode === null) pending.null();
      else pending.ascii(row.parentCode);
      pending.tab();
      if (row.totalPacket === null) pending.null();
      else pending.int(row.totalPacket);
      pending
        .tab()
        .ascii(row.isCarton ? 't' : 'f')
        .tab();
      if (problem === null) pending.null();
      else pending.text(problem);
      pending
        .tab()
        .ascii(parentChecked ? 'f' : 't')
        .endRow();
      batchRows++;
      lastLine = line;
      unwritten.add(row.code);
    },
    async flush(catalogue, facts) {
      if (copy === undefined) {
        // The previous batch is still being written: read on, up to a bound, before waiting for it.
        if (writing !== undefined && pending.bytes < MAX_WAITING_BYTES) return;
        await waitForBatch();
        startCopy();
      }
      let full = false;
      for (const chunk of pending.take()) full = !copy!.write(chunk) || full;
      // Waiting for the stream to drain lets PostgreSQL load the rows while the next chunk is read and checked.
      if (full) await Promise.race([once(copy!, 'drain'), once(copy!, 'error')]);
      if (copyError) throw copyError;
      if (batchRows >= BATCH_ROWS) {
        batchRows = 0;
        writingEarly &&= facts.codesAscending && facts.catalogueProblems === 0;
        const batchCodes = unwritten;
        if (writingEarly) unwritten = new CodeRange();
        // Not awaited: the next rows are read and checked meanwhile.
        writing = endBatch(catalogue, lastLine, batchCodes).catch((error: unknown) => {
          batchError ??= error;
        });
      }
    },
    async reportProblems(facts: CrossRowFacts, onProblem: (problem: RowProblem) => void) {
      // The last rows: loaded and kept in import_batch too, where write() takes them while writing early.
      await waitForBatch();
      if (copy === undefined) startCopy();
      for (const chunk of pending.take()) copy!.write(chunk);
      await endCopy();
      await client.query(sql.ADD_BATCH);
      const cursor = sql.problemsCursor(facts);
      if (cursor === undefined) return 0;
      await client.query('ANALYZE import_rows');
      await client.query(cursor);
      const problems = new ProblemsByLine(onProblem);
      for (;;) {
        const { rows } = await client.query<RowProblem>(`FETCH ${PROBLEMS_PER_FETCH} FROM problems`);
        for (const problem of rows) problems.add(problem);
        if (rows.length < PROBLEMS_PER_FETCH) break;
      }
      await client.query('CLOSE problems');
      return problems.finish();
    },
    async write(catalogue: CatalogueParts, { outcome, rows, seconds }: ImportRun): Promise<WriteCounts> {
      await writeCatalogue(catalogue);
      if (writingEarly) {
        await writeCodes('import_batch', 0, unwritten);
      } else {
        // The write's joins are planned from these statistics.
        await client.query('ANALYZE import_rows');
        await writeCodes('import_rows', writtenThrough, unwritten);
      }
      if (counts.catalogueChanges > 0) await client.query(sql.BUMP_VERSION);
      await client.query(sql.RECORD_RUN, [outcome, rows, seconds]);
      await client.query('COMMIT');
      return counts;
    },
    async close() {
      if (copy !== undefined) {
        // Sends CopyFail: PostgreSQL ends the COPY with an error; the rollback, queued behind it, clears it.
        copy.destroy();
        copy = undefined;
      }
      await writing;
      await client.query('ROLLBACK');
    },
  };
}

/** The least and greatest of some codes, in the byte order of the codes' "C" collation (checked ASCII). */
class CodeRange {
  least: string | undefined;
  greatest: string | undefined;

  add(code: string): void {
    if (this.least === undefined || code < this.least) this.least = code;
    if (this.greatest === undefined || code > this.greatest) this.greatest = code;
  }
}
