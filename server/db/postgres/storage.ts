import type { TraceStorage } from '../storage.ts';
import { openPostgresLookup } from './codeLookup.ts';
import { describeDatabaseUrl, migrate, openPool } from './database.ts';
import { RECORD_RUN } from './importSql.ts';
import { openPostgresStaging } from './importStaging.ts';

/** Connections for lookups: enough to keep the database busy while requests wait on the network. */
const LOOKUP_CONNECTIONS = 10;

/** PostgreSQL at `url` (DATABASE_URL): tables created by the numbered migrations on first open. */
export async function openPostgresStorage(url: string): Promise<TraceStorage> {
  // One connection for migrations and imports, opened on demand; lookups get a pool of their own.
  const pool = openPool(url, 1);
  let lookupPool: ReturnType<typeof openPool> | undefined;
  let closed = false;
  try {
    const created = await migrate(pool);
    return {
      location: describeDatabaseUrl(url),
      created,
      async openLookup(options) {
        lookupPool ??= openPool(url, LOOKUP_CONNECTIONS);
        return openPostgresLookup(lookupPool, options);
      },
      async openImport() {
        const client = await pool.connect();
        try {
          const staging = await openPostgresStaging(client);
          return {
            ...staging,
            async close() {
              try {
                await staging.close();
              } finally {
                // A connection whose import failed half way is not worth reusing.
                client.release(true);
              }
            },
          };
        } catch (error) {
          client.release(true);
          throw error;
        }
      },
      tidyAfterImport: () => undefined,
      async recordImport({ outcome, rows, seconds }) {
        try {
          await pool.query(RECORD_RUN, [outcome, rows, seconds]);
        } catch {
          // Best effort (the server gone, a full disk): the import's own outcome is what to report.
        }
      },
      async close() {
        if (closed) return;
        closed = true;
        await lookupPool?.end();
        await pool.end();
      },
    };
  } catch (error) {
    await pool.end();
    throw error;
  }
}
