import { randomBytes } from 'node:crypto';
import { admitUnknown, crossedCodes, deviceKey, perCode, planVisits } from '../../checks/batchPlan.ts';
import { REPORT_KEEP_DAYS, type CheckStore, type CodeTotals, type DeviceVisits } from '../../checks/checkStore.ts';
import { SALT_BYTES } from '../../checks/device.ts';
import { daysBefore } from '../../../src/contract/vietnamDay.ts';
import { SNAPSHOT_MAX_AGE_MS } from './codeLookup.ts';
import { inTransaction, openDatabase, pragmaValue } from './database.ts';

type TotalsRow = { code: string; firstDay: string; lookups: number; devices: number };

/**
 * How long after a batch its pages are copied back from the write-ahead log: by then every lookup's
 * read snapshot (renewed at least every SNAPSHOT_MAX_AGE_MS) began after the batch's commit.
 */
export const FOLD_AFTER_MS = 4 * SNAPSHOT_MAX_AGE_MS;
/** What the write-ahead log file is cut back to when SQLite starts it over (after a burst of batches). */
const LOG_SIZE_LIMIT = 4 * 1024 * 1024;

const byKey = (a: DeviceVisits, b: DeviceVisits): number =>
  a.day < b.day
    ? -1
    : a.day > b.day
      ? 1
      : a.code < b.code
        ? -1
        : a.code > b.code
          ? 1
          : a.device < b.device
            ? -1
            : a.device > b.device
              ? 1
              : 0;

/**
 * Lookup counts in the SQLite file, on a connection of their own (server/db/sqlite/checkWriter.ts runs
 * it in a worker thread, so waiting for the lock holds no lookup). It waits up to a second: two processes
 * on one file flush at the same moment (a batch that failed at once lost the race and waited a whole
 * batch); while `npm run import` writes longer, the batch fails and is tried again with the next.
 */
export function openSqliteCheckConnection(path: string): CheckStore {
  const db = openDatabase(path);
  // A batch upserts rows at random places of three tables: SQLite's default 2 MB page cache made a
  // quarter of a batch's CPU time re-reading pages (64 MB: about 38 → 29 µs per new code and device).
  db.exec(`PRAGMA busy_timeout = 1000; PRAGMA cache_size = -65536; PRAGMA journal_size_limit = ${LOG_SIZE_LIMIT}`);
  // The write-ahead log's bound. Lookups renew their read snapshot every 100 ms, back to back under
  // load, so SQLite's own checkpoint, which runs at commit, never copies a batch's pages back past the
  // snapshot a lookup took just before it: the log is never complete in the file, never started over,
  // and grew by every batch (about 20 MB a second at bench:api's load). A passive checkpoint once the
  // lookups have moved past the batch copies it all back without waiting for any lock; the lookups'
  // next snapshots then read the file alone, and the next batch starts the log over from its beginning.
  // (Emptying it at once after the batch, wal_checkpoint(TRUNCATE), needed a moment with no lookup
  // reading and held the write lock while it waited for one.)
  let fold: NodeJS.Timeout | undefined;
  const foldLater = () => {
    clearTimeout(fold);
    fold = setTimeout(() => {
      fold = undefined;
      // Best effort: a fold that cannot run now (another process checkpointing, the file away) is done
      // after the next batch, and must not end the thread.
      try {
        if (db.isOpen) pragmaValue(db, 'wal_checkpoint(PASSIVE)');
      } catch {
        /* the next batch folds again */
      }
    }, FOLD_AFTER_MS);
  };
  const insertSalt = db.prepare('INSERT OR IGNORE INTO check_salts (day, salt) VALUES (?, ?)');
  const readSalt = db.prepare('SELECT salt FROM check_salts WHERE day = ?');
  const readDevice = db.prepare(
    'SELECT last_at AS lastAt FROM check_devices WHERE day = ? AND code = ? AND device = ?',
  );
  const writeDevice = db.prepare(
    'INSERT INTO check_devices (day, code, device, last_at) VALUES (?, ?, ?, ?) ON CONFLICT (day, code, device) DO UPDATE SET last_at = excluded.last_at',
  );
  const readCode = db.prepare('SELECT code, first_day AS firstDay, lookups, devices FROM check_codes WHERE code = ?');
  const addCode = db.prepare(
    `INSERT INTO check_codes (code, first_day, lookups, devices) VALUES (?, ?, ?, ?)
     ON CONFLICT (code) DO UPDATE SET first_day = min(first_day, excluded.first_day),
       lookups = lookups + excluded.lookups, devices = devices + excluded.devices
     RETURNING first_day AS firstDay, lookups, devices`,
  );
  const addDay = db.prepare(
    `INSERT INTO check_days (day, code, lookups, devices) VALUES (?, ?, ?, ?)
     ON CONFLICT (day, code) DO UPDATE SET lookups = lookups + excluded.lookups, devices = devices + excluded.devices`,
  );
  const readUnknown = db.prepare('SELECT 1 FROM check_unknown WHERE day = ? AND code = ?');
  const countUnknown = db.prepare('SELECT count(*) AS count FROM check_unknown WHERE day = ?');
  const addUnknown = db.prepare(
    'INSERT INTO check_unknown (day, code, lookups) VALUES (?, ?, ?) ON CONFLICT (day, code) DO UPDATE SET lookups = lookups + excluded.lookups',
  );
  const purge = [
    db.prepare('DELETE FROM check_devices WHERE day < ?'),
    db.prepare('DELETE FROM check_salts WHERE day < ?'),
  ];
  const purgeOld = [
    db.prepare('DELETE FROM check_days WHERE day < ?'),
    db.prepare('DELETE FROM check_unknown WHERE day < ?'),
  ];
  const reportCodes = db.prepare(
    `SELECT d.code, sum(d.devices) AS devices, sum(d.lookups) AS lookups, c.first_day AS firstDay
     FROM check_days d JOIN check_codes c ON c.code = d.code WHERE d.day >= ?
     GROUP BY d.code ORDER BY devices DESC, lookups DESC, d.code LIMIT ?`,
  );
  const reportUnknown = db.prepare(
    `SELECT code, sum(lookups) AS lookups, count(*) AS days FROM check_unknown WHERE day >= ?
     GROUP BY code ORDER BY lookups DESC, code LIMIT ?`,
  );

  const totals = (codes: Iterable<string>) => {
    const found = new Map<string, CodeTotals>();
    for (const code of codes) {
      const row = readCode.get(code) as TotalsRow | undefined;
      if (row) found.set(code, { firstDay: row.firstDay, lookups: row.lookups, devices: row.devices });
    }
    return found;
  };

  return {
    async salt(day) {
      insertSalt.run(day, randomBytes(SALT_BYTES));
      const row = readSalt.get(day) as { salt: Uint8Array };
      return Buffer.from(row.salt);
    },
    async write({ visits, unknown, today }, { repeatWindowMs, cautionDevices, unknownCodesPerDay }) {
      // In key order, each upsert lands near the last one in the B-trees: about 15 % less CPU per batch.
      const ordered = [...visits].sort(byKey);
      const written = inTransaction(db, () => {
        const stored = new Map<string, number>();
        for (const { day, code, device } of ordered) {
          const row = readDevice.get(day, code, device) as { lastAt: number } | undefined;
          if (row) stored.set(deviceKey(day, code, device), row.lastAt);
        }
        const plan = planVisits(ordered, stored, repeatWindowMs);
        for (const { day, code, device, lastAt } of plan.devices) writeDevice.run(day, code, device, lastAt);
        const added = perCode(plan.increments);
        // The totals after the batch come back from each upsert; the devices before it are those less what it added.
        const after = new Map<string, CodeTotals>();
        const before = new Map<string, number>();
        for (const [code, { firstDay, lookups, devices }] of added) {
          const row = addCode.get(code, firstDay, lookups, devices) as unknown as CodeTotals;
          after.set(code, { firstDay: row.firstDay, lookups: row.lookups, devices: row.devices });
          before.set(code, row.devices - devices);
        }
        for (const { day, code, lookups, devices } of plan.increments) addDay.run(day, code, lookups, devices);

        const known = new Set(
          unknown.filter(({ day, code }) => readUnknown.get(day, code)).map(({ day, code }) => `${day}\n${code}`),
        );
        const perDay = new Map(
          [...new Set(unknown.map(({ day }) => day))].map((day) => [
            day,
            (countUnknown.get(day) as { count: number }).count,
          ]),
        );
        for (const { day, code, lookups } of admitUnknown(unknown, known, perDay, unknownCodesPerDay))
          addUnknown.run(day, code, lookups);

        for (const statement of purge) statement.run(today);
        for (const statement of purgeOld) statement.run(daysBefore(today, REPORT_KEEP_DAYS));
        // Codes whose every visit was a repeat gained nothing: their totals are read.
        const unchanged = new Set(visits.map(({ code }) => code).filter((code) => !after.has(code)));
        for (const [code, stored] of totals(unchanged)) after.set(code, stored);
        return { totals: after, crossed: crossedCodes(before, added, cautionDevices) };
      });
      foldLater();
      return written;
    },
    totals: (codes) => totals(codes),
    async report(since, limit) {
      return {
        codes: reportCodes.all(since, limit) as unknown as TotalsRow[],
        unknown: reportUnknown.all(since, limit) as unknown as { code: string; lookups: number; days: number }[],
      };
    },
    async close() {
      clearTimeout(fold);
      if (db.isOpen) db.close();
    },
  };
}
