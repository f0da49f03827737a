import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { LookupCounter, type Visitor } from '../../server/checks/lookupCounter.ts';
import { readMigrations } from '../../server/db/migrations.ts';
import { openCheckStore } from '../../server/db/openStorage.ts';
import { countsPath, moveCountsOut } from '../../server/db/sqlite/countsDatabase.ts';
import { openDatabase } from '../../server/db/sqlite/database.ts';
import { BACKENDS, type TestDatabase } from '../support/server/backends.ts';

// Issue 36, point 10: SQLite's lookup counts live in a file of their own beside the catalogue's
// (data/trace.db → data/trace-counts.db), so that their batches, committed every 2 s, leave the catalogue's
// file (and the lookups' page cache and kept lots) alone. An operator's database from before moves its
// counts there on its first start, whole and once, even when a start stopped half-way.

const MIGRATIONS = new URL('../../server/db/sqlite/migrations/', import.meta.url);
/** A network's hash as check_unknown_networks holds it: zeroed, not left in the catalogue's free pages. */
const NETWORK_HASH = 'NetworkHashOfTheDay0001';
const ROWS = {
  check_codes: [
    { code: 'HP26A1105C48B0001', first_day: '2026-11-20', lookups: 7, networks: '05202611', caution_since: null },
    { code: 'HP26A1105C48B0002', first_day: '2026-11-21', lookups: 3, networks: '', caution_since: '2026-11-22' },
  ],
  check_days: [
    { day: '2026-11-26', code: 'HP26A1105C48B0001', lookups: 4 },
    { day: '2026-11-27', code: 'HP26A1105C48B0001', lookups: 3 },
  ],
  check_unknown: [{ day: '2026-11-27', code: 'FAKE0000000000001', lookups: 2 }],
  check_unknown_networks: [{ day: '2026-11-27', network: NETWORK_HASH, codes: 1 }],
};
const phone = (n: number): Visitor => ({
  audience: 'shopper',
  staffKey: false,
  address: `198.51.${n}.7`,
  userAgent: `TestPhone/${n}`,
});

/**
 * A database file as a version without the counts' own file left it: migrations 001 to 009, or past 010's
 * number without it (011 landed on main first).
 */
function databaseBefore(path: string, upTo: number): void {
  const db = new DatabaseSync(path);
  try {
    db.exec('PRAGMA journal_mode = WAL');
    const applied = readMigrations(MIGRATIONS).filter(({ version }) => version <= upTo && version !== 10);
    for (const { version, sql } of applied) {
      db.exec(sql);
      db.exec(`PRAGMA user_version = ${version}`);
    }
    for (const [table, rows] of Object.entries(ROWS))
      for (const row of rows) {
        const columns = Object.keys(row);
        db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(
          ...Object.values(row),
        );
      }
  } finally {
    db.close();
  }
}

const everyRow = (path: string) => {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return Object.fromEntries(
      Object.keys(ROWS).map((table) => [table, db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all()]),
    );
  } finally {
    db.close();
  }
};

describe("SQLite's lookup counts in a file of their own", { timeout: 30_000 }, () => {
  const dirs: string[] = [];
  const databases: TestDatabase[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    for (const database of databases.splice(0)) await database.drop();
  });

  it.each([
    ['at its first start', 0, 9],
    ['after a start that stopped between the copy and the drop', 1, 9],
    ['from a file migrated past 010 by a version without it', 0, 11],
  ])('moves the counts of a database from before, whole and once, %s', (_when, stoppedStarts, upTo) => {
    const dir = mkdtempSync(join(tmpdir(), 'trace-counts-'));
    dirs.push(dir);
    const path = join(dir, 'trace.db');
    databaseBefore(path, upTo);
    // A start that copied the counts, then stopped before the catalogue's migration 010 dropped them.
    for (let stopped = 0; stopped < stoppedStarts; stopped++) moveCountsOut(path);
    openDatabase(path).close();

    expect(countsPath(path)).toBe(join(dir, 'trace-counts.db'));
    expect(everyRow(countsPath(path))).toEqual(ROWS);
    const catalogue = new DatabaseSync(path);
    try {
      expect(catalogue.prepare("SELECT name FROM sqlite_schema WHERE name LIKE 'check%'").all()).toEqual([]);
      catalogue.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    } finally {
      catalogue.close();
    }
    // secure_delete: the dropped tables' pages are zeroed in the catalogue's file.
    expect(readFileSync(path).toString('latin1')).not.toContain(NETWORK_HASH);
    // A later start moves nothing again.
    openDatabase(path).close();
    expect(everyRow(countsPath(path))).toEqual(ROWS);
  });

  it("writes a batch while an import holds the catalogue's write lock, and leaves the catalogue's file unchanged", async () => {
    const database = await BACKENDS.find(({ name }) => name === 'SQLite')!.create();
    databases.push(database);
    const counter = new LookupCounter(await openCheckStore(database.config), {
      cautionNetworks: 5,
      flushMs: 3_600_000,
    });
    // What `npm run import` does for its whole write: the catalogue's write lock, held by another connection.
    const importer = new DatabaseSync(database.config.dbPath);
    const dataVersion = () => (importer.prepare('PRAGMA data_version').get() as { data_version: number }).data_version;
    try {
      importer.exec('BEGIN IMMEDIATE');
      for (let n = 0; n < 3; n++) await counter.checks('HP26A1105C48B0001', phone(n));
      await counter.flush();
      expect(await database.rows('SELECT code, lookups FROM check_codes')).toEqual([
        { code: 'HP26A1105C48B0001', lookups: 3 },
      ]);
      importer.exec('ROLLBACK');
      // Another connection's commit to the catalogue's file changes its data_version: lookups would start
      // their page cache over and read every lot again.
      const before = dataVersion();
      for (let n = 3; n < 5; n++) await counter.checks('HP26A1105C48B0001', phone(n));
      await counter.flush();
      expect(await database.rows('SELECT code, lookups FROM check_codes')).toEqual([
        { code: 'HP26A1105C48B0001', lookups: 5 },
      ]);
      expect(dataVersion()).toBe(before);
    } finally {
      if (importer.isTransaction) importer.exec('ROLLBACK');
      importer.close();
      await counter.close();
    }
  });
});
