import { describeDatabaseUrl } from './postgres/database.ts';
import { openPostgresStorage } from './postgres/storage.ts';
import { openSqliteStorage } from './sqlite/storage.ts';
import type { TraceStorage } from './storage.ts';

// The one place that knows both adapters: the rest of the service and the importer get a TraceStorage.

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
