import type { ReportStore } from '../../reports/reportStore.ts';
import { reportWorkerStore } from '../reportWorker.ts';
import { openDatabase } from './database.ts';

/** Shoppers' reports in the SQLite file, from a worker thread (../reportWorker.ts). */
export function openSqliteReportWorker(
  path: string,
  writer: URL = new URL('./reportWriter.ts', import.meta.url),
): ReportStore {
  // Opened here first, so the file is created and migrated (or its failure thrown) before the worker starts.
  openDatabase(path).close();
  return reportWorkerStore(writer, { path });
}
