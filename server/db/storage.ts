import type { StoredCode } from '../domain/traceCode.ts';
import type { StoredImage } from '../domain/productImage.ts';
import type { Gs1Catalogue } from '../domain/gs1Records.ts';
import type { CatalogueParts, CrossRowFacts, ImportRow, RowProblem } from './importRows.ts';

// The one storage interface: the service (routes, readiness, the page render) and the importer talk
// to it and never to SQLite or PostgreSQL themselves. Each adapter implements it; openStorage.ts
// picks one, so this port imports neither.

export interface LookupOptions {
  /** Read each found code's lookup counts with it (CHECKS on): StoredCode.counts. */
  counts?: boolean;
}

export interface CodeLookup extends Gs1Catalogue {
  /**
   * Finds a code by its normalised (trimmed, upper-case) form. SQLite answers at once; PostgreSQL
   * over the network, so callers await whatever comes back.
   */
  find(code: string): StoredCode | undefined | Promise<StoredCode | undefined>;
  /** A stored picture by its name (server/domain/productImage.ts), as the import wrote it. */
  image(name: string): StoredImage | undefined | Promise<StoredImage | undefined>;
  /** The imports recorded in the database (by any process), for the metrics. */
  importRuns(): ImportRunTotals[] | Promise<ImportRunTotals[]>;
  /** Throws unless the database answers a read: what readiness reports. */
  ping(): void | Promise<void>;
}

/** How an import ended: its rows written, refused for bad rows, or stopped by an error. */
export type ImportOutcome = 'written' | 'rejected' | 'failed';

export interface ImportRun {
  outcome: ImportOutcome;
  rows: number;
  seconds: number;
}

/** The imports recorded so far, per outcome: how many, and when the last one finished (Unix seconds). */
export interface ImportRunTotals {
  outcome: ImportOutcome;
  count: number;
  lastFinished: number;
}

export interface WriteCounts {
  inserted: number;
  updated: number;
  /** Products and lots added or changed. */
  catalogueChanges: number;
}

/** Where one import's rows wait, in the database, until every rule across rows has been checked. */
export interface ImportStaging {
  /**
   * A row that passed its own checks, the numbers of its product and lot, how it disagrees with their
   * first rows, and whether its parent (if any) is already known to be a carton of the file.
   */
  add(
    line: number,
    row: ImportRow,
    productRef: number,
    lotRef: number,
    problem: string | null,
    parentChecked: boolean,
  ): void;
  /**
   * Hands what `add` gathered to the database; awaited after every chunk of the file, so the database
   * sets the pace. The catalogue so far and the facts so far let it write early what is sure to stay.
   */
  flush(catalogue: CatalogueParts, facts: CrossRowFacts): Promise<void>;
  /**
   * Reports each line with a problem across rows once, its reasons joined, in line order; returns how
   * many. `facts` say which checks the file's order already made, so they are skipped.
   */
  reportProblems(facts: CrossRowFacts, onProblem: (problem: RowProblem) => void): Promise<number>;
  /**
   * Writes the catalogue (pictures, products, lots) and every staged code in one transaction, with
   * the import's record in import_runs: an import is counted written exactly when it was.
   */
  write(catalogue: CatalogueParts, run: ImportRun): Promise<WriteCounts>;
  /** Drops the staged rows; also after a failure, where it must not hide the first error. */
  close(): Promise<void>;
}

export interface TraceStorage {
  /** Where the data is, for messages: the SQLite file, or the PostgreSQL URL without its password. */
  readonly location: string;
  /** True when this open created the database's tables: the service then says it is empty, or loads the demo data (SEED_DEMO=1). */
  readonly created: boolean;
  /** Lookups for the service; closed with the storage. */
  openLookup(options?: LookupOptions): Promise<CodeLookup>;
  openImport(): Promise<ImportStaging>;
  /**
   * After an import, succeeded or not: gives back what it used that the database would keep
   * otherwise (SQLite's write-ahead log). Returns a warning for the operator, if any. After a failure
   * it is best effort and never throws: the import's own error is the one to report.
   */
  tidyAfterImport(failed: boolean): string | undefined;
  /**
   * Records an import that wrote nothing, after it ended (a failed one was rolled back). Best effort:
   * a run that cannot be recorded (a full disk) goes unrecorded, and the import's own outcome stands.
   */
  recordImport(run: ImportRun): Promise<void>;
  close(): Promise<void>;
}
