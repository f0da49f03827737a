import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { inject } from 'vitest';
import type { StorageConfig } from '../../../server/db/openStorage.ts';
import { attachCounts, countsPath } from '../../../server/db/sqlite/countsDatabase.ts';
import { createDatabase, dropDatabase } from '../system/postgres.ts';

// The two databases the service runs on. Tests that hold for both run once per backend
// (describe.each(BACKENDS)), each on a new empty database of its own.

export interface TestDatabase {
  /** What selects it: TRACE_DB, or DATABASE_URL. */
  env: Record<string, string>;
  config: StorageConfig;
  /** Runs SQL on a connection of its own, as another process would (a fault injected from outside). */
  exec(sql: string): Promise<void>;
  /** Every stored row of every table, to prove an import changed nothing. */
  dump(): Promise<unknown>;
  /** The rows a query returns, read on a connection of its own. */
  rows(sql: string): Promise<Record<string, unknown>[]>;
  /** Every row of every table the database holds, by table name: what an operator's backup would hold. */
  everyTable(): Promise<Record<string, Record<string, unknown>[]>>;
  drop(): Promise<void>;
}

export interface Backend {
  name: 'SQLite' | 'PostgreSQL';
  create(): Promise<TestDatabase>;
}

const TABLES = ['products', 'lots', 'codes'];

const sqlite: Backend = {
  name: 'SQLite',
  async create() {
    const dir = mkdtempSync(join(tmpdir(), 'trace-db-'));
    const dbPath = join(dir, 'data', 'trace.db');
    const withDb = <T>(work: (db: DatabaseSync) => T): T => {
      const db = new DatabaseSync(dbPath);
      try {
        // The lookup counts' own file, once the service made it (server/db/sqlite/countsDatabase.ts): its
        // tables read as the catalogue's do.
        if (existsSync(countsPath(dbPath))) attachCounts(db, dbPath);
        return work(db);
      } finally {
        db.close();
      }
    };
    return {
      env: { TRACE_DB: dbPath },
      config: { dbPath, databaseUrl: undefined },
      exec: async (sql) => withDb((db) => void db.exec(sql)),
      dump: async () => withDb((db) => TABLES.map((table) => db.prepare(`SELECT * FROM ${table} ORDER BY 1`).all())),
      rows: async (sql) => withDb((db) => db.prepare(sql).all() as Record<string, unknown>[]),
      everyTable: async () =>
        withDb((db) => {
          const schemas = (db.prepare('PRAGMA database_list').all() as { name: string }[]).map(({ name }) => name);
          const tables = schemas.flatMap(
            (schema) =>
              db.prepare(`SELECT name FROM "${schema}".sqlite_schema WHERE type = 'table'`).all() as { name: string }[],
          );
          return Object.fromEntries(
            tables.map(({ name }) => [name, db.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[]]),
          );
        }),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  },
};

const postgres: Backend = {
  name: 'PostgreSQL',
  async create() {
    const adminUrl = inject('postgresUrl');
    const databaseUrl = await createDatabase(adminUrl);
    const withClient = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return await work(client);
      } finally {
        await client.end();
      }
    };
    return {
      env: { DATABASE_URL: databaseUrl },
      // A path no test should ever see used: with DATABASE_URL set, nothing is written to a file.
      config: { dbPath: '/nonexistent/trace.db', databaseUrl },
      exec: (sql) => withClient(async (client) => void (await client.query(sql))),
      dump: () =>
        withClient(async (client) => {
          const tables = [];
          for (const table of TABLES) tables.push((await client.query(`SELECT * FROM ${table} ORDER BY 1`)).rows);
          return tables;
        }),
      rows: (sql) => withClient(async (client) => (await client.query(sql)).rows as Record<string, unknown>[]),
      everyTable: () =>
        withClient(async (client) => {
          const { rows: tables } = await client.query<{ name: string }>(
            "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'",
          );
          const all: Record<string, Record<string, unknown>[]> = {};
          for (const { name } of tables)
            all[name] = (await client.query(`SELECT * FROM "${name}"`)).rows as Record<string, unknown>[];
          return all;
        }),
      drop: () => dropDatabase(adminUrl, databaseUrl),
    };
  },
};

export const BACKENDS: readonly Backend[] = [sqlite, postgres];
