import { admitUnknown, planCodes, totalsAfter, type StoredCode } from '../../checks/batchPlan.ts';
import { REPORT_KEEP_DAYS, type CheckStore, type CodeLookups, type CodeTotals } from '../../checks/checkStore.ts';
import { networksSince, windowStart } from '../../checks/networkDays.ts';
import { reportedCodes, type ReportRow } from '../../checks/reportRows.ts';
import { daysBefore } from '../../../src/contract/vietnamDay.ts';
import { SNAPSHOT_MAX_AGE_MS } from './codeLookup.ts';
import { openCountsDatabase } from './countsDatabase.ts';
import { inTransaction, pragmaValue } from './sqliteFile.ts';

type TotalsRow = { code: string; firstDay: string; lookups: number; networks: string };

/**
 * How long after a batch its pages are copied back from the write-ahead log: by then every lookup's
 * read snapshot (renewed at least every SNAPSHOT_MAX_AGE_MS) began after the batch's commit.
 */
export const FOLD_AFTER_MS = 4 * SNAPSHOT_MAX_AGE_MS;
/** What the write-ahead log file is cut back to when SQLite starts it over (after a burst of batches). */
const LOG_SIZE_LIMIT = 4 * 1024 * 1024;
/**
 * How long a batch waits for the write lock (another process's batch, `npm run report:codes -- --clear`)
 * before it fails and is tried again with the next flush (server/checks/lookupCounter.ts keeps its lookups).
 */
export const BUSY_TIMEOUT_MS = 5_000;

const byKey = (a: CodeLookups, b: CodeLookups): number =>
  a.day < b.day ? -1 : a.day > b.day ? 1 : a.code < b.code ? -1 : a.code > b.code ? 1 : 0;

/**
 * Lookup counts in their SQLite file (countsDatabase.ts), on a connection of their own
 * (server/db/sqlite/checkWriter.ts runs it in a worker thread, so waiting for the lock holds no lookup). It
 * waits up to BUSY_TIMEOUT_MS: two processes on one file flush at the same moment (a batch that failed at
 * once lost the race and waited a whole batch). `npm run import` writes the catalogue's file, not this one.
 */
export function openSqliteCheckConnection(path: string): CheckStore {
  const db = openCountsDatabase(path);
  // A batch upserts rows at random places of two tables: SQLite's default 2 MB page cache made a
  // quarter of a batch's CPU time re-reading pages (64 MB: about 38 → 29 µs per new code and device, then).
  // secure_delete: a deleted network share or day's count is zeroed in the file, not left in its free pages.
  db.exec(
    `PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}; PRAGMA secure_delete = ON; PRAGMA cache_size = -65536; PRAGMA journal_size_limit = ${LOG_SIZE_LIMIT}`,
  );
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
  const readStored = db.prepare(
    'SELECT first_day AS firstDay, lookups, networks, caution_since AS cautionSince FROM check_codes WHERE code = ?',
  );
  const readCode = db.prepare('SELECT code, first_day AS firstDay, lookups, networks FROM check_codes WHERE code = ?');
  const writeCode = db.prepare(
    `INSERT INTO check_codes (code, first_day, lookups, networks, caution_since) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (code) DO UPDATE SET first_day = excluded.first_day, lookups = lookups + excluded.lookups,
       networks = excluded.networks, caution_since = excluded.caution_since`,
  );
  const addDay = db.prepare(
    `INSERT INTO check_days (day, code, lookups) VALUES (?, ?, ?)
     ON CONFLICT (day, code) DO UPDATE SET lookups = lookups + excluded.lookups`,
  );
  const readUnknown = db.prepare('SELECT 1 FROM check_unknown WHERE day = ? AND code = ?');
  const countUnknown = db.prepare('SELECT count(*) AS count FROM check_unknown WHERE day = ?');
  const readShare = db.prepare('SELECT codes FROM check_unknown_networks WHERE day = ? AND network = ?');
  const addUnknown = db.prepare(
    'INSERT INTO check_unknown (day, code, lookups) VALUES (?, ?, ?) ON CONFLICT (day, code) DO UPDATE SET lookups = lookups + excluded.lookups',
  );
  const addShare = db.prepare(
    'INSERT INTO check_unknown_networks (day, network, codes) VALUES (?, ?, ?) ON CONFLICT (day, network) DO UPDATE SET codes = codes + excluded.codes',
  );
  const purge = [db.prepare('DELETE FROM check_unknown_networks WHERE day < ?')];
  const purgeOld = [
    db.prepare('DELETE FROM check_days WHERE day < ?'),
    db.prepare('DELETE FROM check_unknown WHERE day < ?'),
  ];
  const reportCodes = db.prepare(
    `SELECT d.code, sum(d.lookups) AS lookups, c.first_day AS firstDay, c.networks, c.caution_since AS cautionSince
     FROM check_days d JOIN check_codes c ON c.code = d.code WHERE d.day >= ? GROUP BY d.code`,
  );
  const cautioned = db.prepare(
    `SELECT code, 0 AS lookups, first_day AS firstDay, networks, caution_since AS cautionSince
     FROM check_codes WHERE caution_since IS NOT NULL`,
  );
  const reportUnknown = db.prepare(
    `SELECT code, sum(lookups) AS lookups, count(*) AS days FROM check_unknown WHERE day >= ?
     GROUP BY code ORDER BY lookups DESC, code LIMIT ?`,
  );
  const clearCode = db.prepare("UPDATE check_codes SET networks = '', caution_since = NULL WHERE code = ?");

  const totals = (codes: Iterable<string>) => {
    const found = new Map<string, CodeTotals>();
    for (const code of codes) {
      const row = readCode.get(code) as TotalsRow | undefined;
      if (row) found.set(code, { firstDay: row.firstDay, lookups: row.lookups, networks: row.networks });
    }
    return found;
  };

  return {
    // The repeat window is the counter's memory (repeatsInMemory): `counted` holds only lookups that count,
    // and no device row is written. A device row per new code and device was a third of a batch's rows
    // and, with its read, 7 of 18.5 µs of the writer's CPU per lookup of a new code (issue 36, point 10).
    repeatsInMemory: true,
    async write({ counted, networks, unknown, today }, rules) {
      // In key order, each upsert lands near the last one in the B-trees: about 15 % less CPU per batch.
      const increments = [...counted].sort(byKey);
      const written = inTransaction(db, () => {
        const before = new Map<string, StoredCode>();
        for (const code of new Set([...increments, ...networks].map(({ code }) => code))) {
          const row = readStored.get(code) as StoredCode | undefined;
          if (row) before.set(code, { ...row });
        }
        const { codes, crossed } = planCodes(increments, networks, before, today, rules);
        // A batch of new codes (most of them, on a busy day) would send back a map of thousands of totals the
        // counter has already: the event loop decoded it and kept it past its young generation (issue 36).
        const after = new Map<string, CodeTotals>();
        for (const write of codes) {
          writeCode.run(write.code, write.firstDay, write.lookups, write.networks, write.cautionSince);
          const stored = before.get(write.code);
          if (stored !== undefined || rules.totalsOfNewCodes) after.set(write.code, totalsAfter(write, stored));
        }
        for (const { day, code, lookups } of increments) addDay.run(day, code, lookups);

        const known = new Set(
          unknown.filter(({ day, code }) => readUnknown.get(day, code)).map(({ day, code }) => `${day}\n${code}`),
        );
        const perDay = new Map(
          [...new Set(unknown.map(({ day }) => day))].map((day) => [
            day,
            (countUnknown.get(day) as { count: number }).count,
          ]),
        );
        const perNetwork = new Map<string, number>();
        for (const { day, network } of unknown) {
          const row = readShare.get(day, network) as { codes: number } | undefined;
          if (row) perNetwork.set(`${day}\n${network}`, row.codes);
        }
        const admitted = admitUnknown(unknown, known, perDay, perNetwork, {
          perDay: rules.unknownCodesPerDay,
          perNetwork: rules.unknownCodesPerNetwork,
        });
        for (const { day, code, lookups } of admitted.admitted) addUnknown.run(day, code, lookups);
        for (const { day, network, codes: added } of admitted.networks.values()) addShare.run(day, network, added);

        for (const statement of purge) statement.run(today);
        for (const statement of purgeOld) statement.run(daysBefore(today, REPORT_KEEP_DAYS));
        return { totals: after, crossed, newCodesLeftOut: !rules.totalsOfNewCodes };
      });
      foldLater();
      return written;
    },
    totals: (codes) => totals(codes),
    async report(since, limit, rules) {
      const rows = [
        ...(reportCodes.all(since) as unknown as ReportRow[]),
        ...(cautioned.all() as unknown as ReportRow[]),
      ];
      return {
        codes: reportedCodes(rows, rules, limit),
        unknown: reportUnknown.all(since, limit) as unknown as { code: string; lookups: number; days: number }[],
      };
    },
    async clear(code, rules) {
      return inTransaction(db, () => {
        const row = readStored.get(code) as StoredCode | undefined;
        if (row === undefined) return undefined;
        clearCode.run(code);
        return networksSince(row.networks, windowStart(rules.today, rules.windowDays));
      });
    },
    async close() {
      clearTimeout(fold);
      if (db.isOpen) db.close();
    },
  };
}
