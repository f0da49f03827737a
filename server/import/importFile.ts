import type { RowProblem } from '../db/importRows.ts';
import type { TraceStorage } from '../db/storage.ts';
import { dirname } from 'node:path';
import { Catalogue } from './catalogue.ts';
import { CrossRowTracker } from './crossRows.ts';
import { ImageFiles } from './imageFiles.ts';
import { RowValidator } from './importRow.ts';
import { readRows, type SourceRow } from './readRows.ts';

export interface ImportResult {
  rows: number;
  badRows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Products and lots added or changed. */
  catalogueChanges: number;
  seconds: number;
  /** CPU time of this process (user + system) during the import: on a busy machine, steadier than `seconds`. */
  cpuSeconds: number;
}

export interface ImportOptions {
  /** Called for every bad row as soon as it is found, so problems are not held in memory. */
  onProblem?: (problem: RowProblem) => void;
  onProgress?: (rowsRead: number) => void;
  progressEvery?: number;
}

/**
 * Checks every row of the file on its own while streaming it into the storage's staging area (the
 * products and lots it names are kept here, a few hundred for millions of codes), then the rules
 * across rows, and only when no row is bad writes them all in one transaction. Codes already stored
 * with the same data are left untouched, so importing a file twice changes nothing.
 */
export async function importFile(
  storage: TraceStorage,
  path: string,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const started = performance.now();
  const startedCpu = process.cpuUsage();
  const { onProblem = () => {}, onProgress = () => {}, progressEvery = 100_000 } = options;
  const staging = await storage.openImport();
  let rows = 0;
  try {
    // Pictures named by file are read from beside the import file.
    const images = new ImageFiles(dirname(path));
    const catalogue = new Catalogue(images);
    const validator = new RowValidator(images);
    const crossRows = new CrossRowTracker();
    let badRows = 0;
    const onRow = (source: SourceRow) => {
      rows++;
      const reasons =
        'values' in source ? validator.check(source.values, source.positions, source.unknownColumns) : source.reasons;
      if (reasons !== undefined) {
        badRows++;
        onProblem({ line: source.line, reason: reasons.join('; ') });
      } else {
        const placed = catalogue.place(validator.row, source.line);
        const parentChecked = crossRows.add(validator.row, placed.problem);
        staging.add(source.line, validator.row, placed.product.ref, placed.lot.ref, placed.problem, parentChecked);
      }
      if (rows % progressEvery === 0) onProgress(rows);
    };
    const flush = () => staging.flush(catalogue, crossRows.facts);
    await readRows(path, onRow, flush);
    await flush();

    badRows += await staging.reportProblems(crossRows.facts, onProblem);
    // The record of a written import goes into its own transaction, timed up to the write.
    const written =
      badRows === 0
        ? await staging.write(catalogue, { outcome: 'written', rows, seconds: (performance.now() - started) / 1000 })
        : { inserted: 0, updated: 0, catalogueChanges: 0 };
    const imported: ImportResult = {
      rows,
      badRows,
      ...written,
      unchanged: badRows === 0 ? rows - written.inserted - written.updated : 0,
      seconds: (performance.now() - started) / 1000,
      cpuSeconds: cpuSecondsSince(startedCpu),
    };
    await staging.close();
    if (badRows > 0) await storage.recordImport({ outcome: 'rejected', rows, seconds: imported.seconds });
    return imported;
  } catch (error) {
    try {
      await staging.close();
    } catch {
      // On a full or failing disk the cleanup can fail too: the error that stopped the import is the one to report.
    }
    await storage.recordImport({ outcome: 'failed', rows, seconds: (performance.now() - started) / 1000 });
    throw error;
  }
}

function cpuSecondsSince(start: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1e6;
}
