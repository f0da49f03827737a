import pg from 'pg';
import { readMigrations } from '../migrations.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

/** Held while migrating, so instances started together do not migrate the same database twice. */
const MIGRATION_LOCK = 7_310_014;

/** How long to wait for a connection, so a stopped server fails a start or readiness instead of hanging it. */
export const CONNECT_TIMEOUT_MS = 5_000;

/** Query parameters of a connection URL that hold a secret (libpq's and node-postgres's names). */
const SECRET_PARAMETERS = ['password', 'sslpassword'];

/** The URL as it may appear in messages and logs: without its password, wherever the URL puts it. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    for (const name of [...parsed.searchParams.keys()]) {
      if (SECRET_PARAMETERS.includes(name.toLowerCase())) parsed.searchParams.delete(name);
    }
    return parsed.toString();
  } catch {
    return 'the PostgreSQL database in DATABASE_URL';
  }
}

export function openPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle connection the server ends (a restart, a failover) is dropped from the pool and the next
  // query opens another; unheard, the error would end the process. Readiness reports a server that stays away.
  pool.on('error', () => {});
  return pool;
}

/**
 * Applies the numbered migrations not yet recorded in schema_migrations, each in its own transaction.
 * Returns true when it created the tables (the database was empty of them).
 */
export async function migrate(pool: pg.Pool): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM schema_migrations',
    );
    const current = rows[0]?.version ?? 0;
    const pending = readMigrations(MIGRATIONS_DIR).filter((m) => m.version > current);
    for (const migration of pending) {
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
    return current === 0 && pending.length > 0;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}
