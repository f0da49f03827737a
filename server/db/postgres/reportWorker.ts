import type { ReportStore } from '../../reports/reportStore.ts';
import { reportWorkerStore } from '../reportWorker.ts';
import { openPostgresReportStore } from './reportStore.ts';

/** Shoppers' reports in PostgreSQL, from a worker thread (../reportWorker.ts). */
export async function openPostgresReportWorker(url: string): Promise<ReportStore> {
  // Opened here first, so the tables are migrated (or the failure thrown) at start, before the worker starts.
  await (await openPostgresReportStore(url)).close();
  return reportWorkerStore(new URL('./reportWriter.ts', import.meta.url), { url });
}
