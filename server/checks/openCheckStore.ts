import { openPostgresCheckStore } from '../db/postgres/checkStore.ts';
import { openSqliteCheckStore } from '../db/sqlite/checkWorker.ts';
import type { StorageConfig } from '../db/openStorage.ts';
import type { CheckStore } from './checkStore.ts';

/**
 * The configured database's lookup counts, opened (created and migrated when needed) apart from the
 * trace storage: upstream mode has no trace storage but counts all the same.
 */
export function openCheckStore({ dbPath, databaseUrl }: StorageConfig): Promise<CheckStore> {
  return databaseUrl === undefined ? Promise.resolve(openSqliteCheckStore(dbPath)) : openPostgresCheckStore(databaseUrl);
}
