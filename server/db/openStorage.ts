import type { CheckStore } from '../checks/checkStore.ts';
import { openPostgresCheckStore } from './postgres/checkStore.ts';
import { describeDatabaseUrl } from './postgres/database.ts';
import { describePostgresFailure } from './postgres/driverFailure.ts';
import { openPostgresStorage } from './postgres/storage.ts';
import { openSqliteCheckStore } from './sqlite/checkWorker.ts';
import { describeSqliteFailure } from './sqlite/driverFailure.ts';
import { openSqliteStorage } from './sqlite/storage.ts';
import type { TraceStorage } from './storage.ts';
import type { ReportStore } from '../reports/reportStore.ts';
import { openPostgresReportWorker } from './postgres/reportWorker.ts';
import { openSqliteReportWorker } from './sqlite/reportWorker.ts';
import { describeSystemFailure } from './systemFailure.ts';

// The one place that knows both adapters: the rest of the service, the importer and the report get a
// TraceStorage or a CheckStore, and one line for a failure an operator can act on.

export interface StorageConfig {
  /** The SQLite file, used when no databaseUrl is set. */
  dbPath: string;
  /** postgres://…: PostgreSQL instead of the SQLite file. */
  databaseUrl: string | undefined;
}

/** The configured database as messages name it, before or without opening it. */
export function storageLocation({ dbPath, databaseUrl }: StorageConfig): string {
  return databaseUrl === undefined ? dbPath : describeDatabaseUrl(databaseUrl);
}

/** Opens (creating and migrating when needed) the configured database. */
export function openStorage({ dbPath, databaseUrl }: StorageConfig): Promise<TraceStorage> {
  return databaseUrl === undefined ? Promise.resolve(openSqliteStorage(dbPath)) : openPostgresStorage(databaseUrl);
}

/**
 * The configured database's lookup counts, opened (created and migrated when needed) apart from the
 * trace storage: upstream mode has no trace storage but counts all the same.
 */
export function openCheckStore({ dbPath, databaseUrl }: StorageConfig): Promise<CheckStore> {
  return databaseUrl === undefined
    ? Promise.resolve(openSqliteCheckStore(dbPath))
    : openPostgresCheckStore(databaseUrl);
}

/** The configured database's shoppers' reports (issue 41), opened (created and migrated when needed) on their own. */
export function openReportStore({ dbPath, databaseUrl }: StorageConfig): Promise<ReportStore> {
  return databaseUrl === undefined
    ? Promise.resolve(openSqliteReportWorker(dbPath))
    : openPostgresReportWorker(databaseUrl);
}

/** One line for a storage failure (`the disk is full (SQLITE_FULL)`), or undefined for anything else. */
export function describeStorageFailure(error: unknown): string | undefined {
  return describeSqliteFailure(error) ?? describePostgresFailure(error) ?? describeSystemFailure(error);
}
