import type { Db } from '../db/database.ts';
import { validateRow, type ImportRow } from './importRow.ts';
import { openStaging } from './staging.ts';
import { readRows } from './readRows.ts';

export interface RowProblem {
  line: number;
  reason: string;
}

export interface ImportResult {
  rows: number;
  badRows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Products and lots added or changed. */
  catalogueChanges: number;
  seconds: number;
}

export interface ImportOptions {
  /** Called for every bad row as soon as it is found, so problems are not held in memory. */
  onProblem?: (problem: RowProblem) => void;
  onProgress?: (rowsRead: number) => void;
  progressEvery?: number;
}

const BATCH_SIZE = 5000;

/**
 * Validates every row of the file into a temporary staging table (per-row rules while streaming,
 * then cross-row rules in SQL), and only when no row is bad writes them all in one transaction.
 * Codes already stored with the same data are left untouched, so importing a file twice changes nothing.
 */
export async function importFile(db: Db, path: string, options: ImportOptions = {}): Promise<ImportResult> {
  const started = performance.now();
  const { onProblem = () => {}, onProgress = () => {}, progressEvery = 100_000 } = options;
  const staging = openStaging(db);
  let imported: ImportResult;
  try {
    let rows = 0;
    let badRows = 0;
    let batch: { line: number; row: ImportRow }[] = [];
    for await (const source of readRows(path)) {
      rows++;
      const result = 'fields' in source ? validateRow(source.fields) : source;
      if ('reasons' in result) {
        badRows++;
        onProblem({ line: source.line, reason: result.reasons.join('; ') });
      } else {
        batch.push({ line: source.line, row: result.row });
        if (batch.length === BATCH_SIZE) {
          staging.add(batch);
          batch = [];
        }
      }
      if (rows % progressEvery === 0) onProgress(rows);
    }
    staging.add(batch);

    badRows += staging.reportCrossRowProblems(onProblem);
    const written = badRows === 0 ? staging.write() : { inserted: 0, updated: 0, catalogueChanges: 0 };
    imported = {
      rows,
      badRows,
      ...written,
      unchanged: badRows === 0 ? rows - written.inserted - written.updated : 0,
      seconds: (performance.now() - started) / 1000,
    };
  } catch (error) {
    try {
      staging.close();
    } catch {
      // On a full or failing disk the cleanup can fail too: the error that stopped the import is the one to report.
    }
    throw error;
  }
  staging.close();
  return imported;
}
