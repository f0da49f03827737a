import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceHash } from '../../server/checks/device.ts';
import { LookupCounter, type Visitor } from '../../server/checks/lookupCounter.ts';
import { openCheckStore } from '../../server/db/openStorage.ts';
import { countsPath } from '../../server/db/sqlite/countsDatabase.ts';
import { BACKENDS, type TestDatabase } from '../support/server/backends.ts';
import { startTestServer, type TestServer } from '../support/server/harness.ts';

// Issue 36 (security review N5): no salt or secret that could relate a stored hash to an address is in the
// database; the review's re-identification (the salt read from the database, then guesses of addresses and
// User-Agents) finds nothing; SQLite's deleted rows leave nothing in its free pages.

const AGENTS = [
  'Mozilla/5.0 (Linux; Android 14; Privacy Phone 1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
];
/** The addresses the lookups come from: the /24 an access log shows, every host in it guessed. */
const NETWORKS = ['198.51.100', '203.0.113'];

/** Every byte string the database holds, each a candidate for a salt. */
function candidates(tables: Record<string, Record<string, unknown>[]>): Buffer[] {
  const found: Buffer[] = [];
  for (const rows of Object.values(tables))
    for (const row of rows)
      for (const value of Object.values(row)) {
        if (value instanceof Uint8Array) found.push(Buffer.from(value));
        else if (typeof value === 'string' && value.length >= 8) {
          found.push(Buffer.from(value));
          if (/^[A-Za-z0-9+/=_-]+$/.test(value)) found.push(Buffer.from(value, 'base64'));
        }
      }
  return found;
}

describe.each(BACKENDS)('what the database holds of a visitor, on $name', { timeout: 60_000 }, (backend) => {
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await backend.create();
    server = await startTestServer({ ...database.env, TRUST_PROXY: '1' });
    for (const [i, network] of NETWORKS.entries())
      for (const [n, agent] of AGENTS.entries()) {
        const headers = { 'user-agent': agent, 'x-forwarded-for': `${network}.${10 + n}` };
        await server.trace({ QrCode: '1D24B3261X54A2320' }, headers);
        await server.trace({ QrCode: `FAKE000000000000${i}` }, headers);
      }
    await server.close();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('holds no salt: the review’s guesses of address and User-Agent with any stored value find no device', async () => {
    const tables = await database.everyTable();
    expect(Object.keys(tables)).not.toContain('check_salts');
    // SQLite keeps no device hash at all: its repeat window is the counter's memory.
    const devices = new Set((tables.check_devices ?? []).map(({ device }) => String(device)));
    const networks = new Set(tables.check_unknown_networks!.map(({ network }) => String(network)));
    expect(devices.size).toBe(backend.name === 'SQLite' ? 0 : NETWORKS.length * AGENTS.length);
    expect(networks.size).toBe(NETWORKS.length);
    const salts = candidates(tables);
    expect(salts.length).toBeGreaterThan(0);
    let guesses = 0;
    let matches = 0;
    const hash = (...parts: (Buffer | string)[]) => {
      guesses++;
      const sha = createHash('sha256');
      for (const part of parts) sha.update(part);
      return sha.digest('base64url').slice(0, 22);
    };
    // As the service hashes (server/checks/device.ts: the salt as base64 text), and as raw bytes.
    for (const salt of salts.flatMap((bytes) => [bytes, bytes.toString('base64')]))
      for (const network of NETWORKS) {
        if (networks.has(hash(salt, 'network\n', `${network}.0/24`))) matches++;
        for (let host = 0; host < 256; host++)
          for (const agent of AGENTS) if (devices.has(hash(salt, `${network}.${host}`, '\n', agent))) matches++;
      }
    expect(guesses).toBeGreaterThan(1_000);
    expect(matches).toBe(0);
    // Control: the guesses hash as the service does, so a stored salt would have been found.
    const salt = Buffer.alloc(16, 7);
    expect(hash(salt.toString('base64'), `${NETWORKS[0]}.10`, '\n', AGENTS[0]!)).toBe(
      deviceHash(salt, `${NETWORKS[0]}.10`, AGENTS[0]!),
    );
  });
});

describe('SQLite after the day is over', { timeout: 30_000 }, () => {
  it("zeroes the last day's network hashes in the file (secure_delete), not only unlinks them; writes no device hash", async () => {
    const database = await BACKENDS.find(({ name }) => name === 'SQLite')!.create();
    const clock = { now: Date.parse('2026-11-25T10:00:00Z') };
    const counter = new LookupCounter(await openCheckStore(database.config), {
      cautionNetworks: 5,
      now: () => clock.now,
      flushMs: 3_600_000,
    });
    try {
      for (let n = 0; n < 40; n++) {
        const visitor: Visitor = { audience: 'shopper', staffKey: false, address: `198.51.${n}.1`, userAgent: 'P' };
        await counter.checks(`HP26A1105C48B${String(n).padStart(4, '0')}`, visitor);
        counter.unknown(`FAKE26A1105C4${String(n).padStart(4, '0')}`, visitor);
      }
      await counter.flush();
      expect(Object.keys(await database.everyTable())).not.toContain('check_devices');
      const hashes = (await database.rows('SELECT network FROM check_unknown_networks')).map(({ network }) =>
        String(network),
      );
      expect(hashes).toHaveLength(40);
      // The next day's first write deletes them.
      clock.now += 86_400_000;
      await counter.flush();
      expect(await database.rows('SELECT network FROM check_unknown_networks')).toEqual([]);
      // The counts' own file (server/db/sqlite/countsDatabase.ts), its write-ahead log copied back in first.
      const countsFile = countsPath(database.config.dbPath);
      const db = new DatabaseSync(countsFile);
      try {
        db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      } finally {
        db.close();
      }
      const file = readFileSync(countsFile).toString('latin1');
      expect(hashes.filter((hash) => file.includes(hash))).toEqual([]);
    } finally {
      await counter.close();
      await database.drop();
    }
  });
});
