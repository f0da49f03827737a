import type pg from 'pg';
import {
  admitUnknown,
  deviceKey,
  planCodes,
  planVisits,
  totalsAfter,
  type StoredCode,
} from '../../checks/batchPlan.ts';
import { REPORT_KEEP_DAYS, type CheckStore, type CodeTotals } from '../../checks/checkStore.ts';
import { networksSince, windowStart } from '../../checks/networkDays.ts';
import { reportedCodes, type ReportRow } from '../../checks/reportRows.ts';
import { daysBefore } from '../../../src/contract/vietnamDay.ts';
import { migrate, openPool } from './database.ts';

/** Held for each batch's transaction: instances write one after the other, so each sees the other's devices. */
const BATCH_LOCK = 7_310_026;
/** One connection writes the batches; a few more read totals for lookups of codes not in memory. */
const CONNECTIONS = 3;

type TotalsRow = { code: string; firstDay: string; lookups: number; networks: string };

const TOTALS = 'SELECT code, first_day AS "firstDay", lookups, networks FROM check_codes WHERE code = ANY($1::text[])';

async function readTotals(client: pg.Pool | pg.PoolClient, codes: readonly string[]): Promise<Map<string, CodeTotals>> {
  const { rows } = await client.query<TotalsRow>(TOTALS, [codes]);
  return new Map(rows.map(({ code, firstDay, lookups, networks }) => [code, { firstDay, lookups, networks }]));
}

/**
 * Reads of totals asked for in one turn of the event loop go as one query: under load a lookup of a
 * code not in memory then costs a share of a round trip, not a whole one.
 */
function batchedTotals(pool: pg.Pool): (codes: readonly string[]) => Promise<Map<string, CodeTotals>> {
  let queued: { codes: Set<string>; done: Promise<Map<string, CodeTotals>> } | undefined;
  return (codes) => {
    if (queued === undefined) {
      const batch = new Set<string>();
      const done = new Promise<Map<string, CodeTotals>>((resolve, reject) => {
        setImmediate(() => {
          queued = undefined;
          readTotals(pool, [...batch]).then(resolve, reject);
        });
      });
      queued = { codes: batch, done };
    }
    for (const code of codes) queued.codes.add(code);
    return queued.done;
  };
}

/** Lookup counts in PostgreSQL, shared by every instance on the database. */
export async function openPostgresCheckStore(url: string): Promise<CheckStore> {
  const pool = openPool(url, CONNECTIONS);
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const totals = batchedTotals(pool);
  return {
    async write({ visits, networks, unknown, today }, rules) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock($1)', [BATCH_LOCK]);
        const { rows: storedRows } = await client.query<{ day: string; code: string; device: string; lastAt: string }>(
          `SELECT d.day, d.code, d.device, d.last_at AS "lastAt" FROM check_devices d
           JOIN unnest($1::text[], $2::text[], $3::text[]) AS v(day, code, device) USING (day, code, device)`,
          [visits.map((v) => v.day), visits.map((v) => v.code), visits.map((v) => v.device)],
        );
        const stored = new Map(
          storedRows.map(({ day, code, device, lastAt }) => [deviceKey(day, code, device), Number(lastAt)]),
        );
        const plan = planVisits(visits, stored, rules.repeatWindowMs);
        await client.query(
          `INSERT INTO check_devices (day, code, device, last_at) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[])
           ON CONFLICT (day, code, device) DO UPDATE SET last_at = EXCLUDED.last_at`,
          [
            plan.devices.map((d) => d.day),
            plan.devices.map((d) => d.code),
            plan.devices.map((d) => d.device),
            plan.devices.map((d) => d.lastAt),
          ],
        );
        const batchCodes = [...new Set([...visits, ...networks].map(({ code }) => code))];
        const { rows: beforeRows } = await client.query<StoredCode & { code: string }>(
          `SELECT code, first_day AS "firstDay", lookups, networks, caution_since AS "cautionSince"
           FROM check_codes WHERE code = ANY($1::text[])`,
          [batchCodes],
        );
        const before = new Map(beforeRows.map(({ code, ...row }) => [code, row]));
        const { codes, crossed } = planCodes(plan.increments, networks, before, today, rules);
        await client.query(
          `INSERT INTO check_codes (code, first_day, lookups, networks, caution_since)
           SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[])
           ON CONFLICT (code) DO UPDATE SET first_day = EXCLUDED.first_day, lookups = check_codes.lookups + EXCLUDED.lookups,
             networks = EXCLUDED.networks, caution_since = EXCLUDED.caution_since`,
          [
            codes.map((c) => c.code),
            codes.map((c) => c.firstDay),
            codes.map((c) => c.lookups),
            codes.map((c) => c.networks),
            codes.map((c) => c.cautionSince),
          ],
        );
        const totals = new Map(codes.map((write) => [write.code, totalsAfter(write, before.get(write.code))]));
        const days = plan.increments;
        await client.query(
          `INSERT INTO check_days (day, code, lookups) SELECT * FROM unnest($1::text[], $2::text[], $3::int[])
           ON CONFLICT (day, code) DO UPDATE SET lookups = check_days.lookups + EXCLUDED.lookups`,
          [days.map((d) => d.day), days.map((d) => d.code), days.map((d) => d.lookups)],
        );

        if (unknown.length > 0) {
          const unknownDays = [...new Set(unknown.map(({ day }) => day))];
          const { rows: knownRows } = await client.query<{ day: string; code: string }>(
            'SELECT u.day, u.code FROM check_unknown u JOIN unnest($1::text[], $2::text[]) AS v(day, code) USING (day, code)',
            [unknown.map((u) => u.day), unknown.map((u) => u.code)],
          );
          const { rows: countRows } = await client.query<{ day: string; count: number }>(
            'SELECT day, count(*)::int AS count FROM check_unknown WHERE day = ANY($1::text[]) GROUP BY day',
            [unknownDays],
          );
          const { rows: shareRows } = await client.query<{ day: string; network: string; codes: number }>(
            `SELECT n.day, n.network, n.codes FROM check_unknown_networks n
             JOIN unnest($1::text[], $2::text[]) AS v(day, network) USING (day, network)`,
            [unknown.map((u) => u.day), unknown.map((u) => u.network)],
          );
          const { admitted, networks: shares } = admitUnknown(
            unknown,
            new Set(knownRows.map(({ day, code }) => `${day}\n${code}`)),
            new Map(countRows.map(({ day, count }) => [day, count])),
            new Map(shareRows.map(({ day, network, codes: count }) => [`${day}\n${network}`, count])),
            { perDay: rules.unknownCodesPerDay, perNetwork: rules.unknownCodesPerNetwork },
          );
          await client.query(
            `INSERT INTO check_unknown (day, code, lookups) SELECT * FROM unnest($1::text[], $2::text[], $3::int[])
             ON CONFLICT (day, code) DO UPDATE SET lookups = check_unknown.lookups + EXCLUDED.lookups`,
            [admitted.map((u) => u.day), admitted.map((u) => u.code), admitted.map((u) => u.lookups)],
          );
          const added = [...shares.values()];
          await client.query(
            `INSERT INTO check_unknown_networks (day, network, codes) SELECT * FROM unnest($1::text[], $2::text[], $3::int[])
             ON CONFLICT (day, network) DO UPDATE SET codes = check_unknown_networks.codes + EXCLUDED.codes`,
            [added.map((n) => n.day), added.map((n) => n.network), added.map((n) => n.codes)],
          );
        }
        await client.query('DELETE FROM check_devices WHERE day < $1', [today]);
        await client.query('DELETE FROM check_unknown_networks WHERE day < $1', [today]);
        const keepFrom = daysBefore(today, REPORT_KEEP_DAYS);
        await client.query('DELETE FROM check_days WHERE day < $1', [keepFrom]);
        await client.query('DELETE FROM check_unknown WHERE day < $1', [keepFrom]);
        // Codes whose every visit was a repeat gained nothing: their totals are read.
        const unchanged = [...new Set(visits.map(({ code }) => code).filter((code) => !totals.has(code)))];
        if (unchanged.length > 0)
          for (const [code, kept] of await readTotals(client, unchanged)) totals.set(code, kept);
        await client.query('COMMIT');
        return { totals, crossed };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    totals,
    async report(since, limit, rules) {
      const { rows: looked } = await pool.query<ReportRow>(
        `SELECT d.code, sum(d.lookups)::int AS lookups, c.first_day AS "firstDay", c.networks, c.caution_since AS "cautionSince"
         FROM check_days d JOIN check_codes c ON c.code = d.code WHERE d.day >= $1
         GROUP BY d.code, c.first_day, c.networks, c.caution_since`,
        [since],
      );
      const { rows: cautioned } = await pool.query<ReportRow>(
        `SELECT code, 0 AS lookups, first_day AS "firstDay", networks, caution_since AS "cautionSince"
         FROM check_codes WHERE caution_since IS NOT NULL`,
      );
      const { rows: unknown } = await pool.query<{ code: string; lookups: number; days: number }>(
        `SELECT code, sum(lookups)::int AS lookups, count(*)::int AS days FROM check_unknown WHERE day >= $1
         GROUP BY code ORDER BY lookups DESC, code LIMIT $2`,
        [since, limit],
      );
      return { codes: reportedCodes([...looked, ...cautioned], rules, limit), unknown };
    },
    async clear(code, rules) {
      const { rows } = await pool.query<{ networks: string }>(
        `UPDATE check_codes SET networks = '', caution_since = NULL WHERE code = $1
         RETURNING (SELECT networks FROM check_codes WHERE code = $1) AS networks`,
        [code],
      );
      return rows[0] === undefined
        ? undefined
        : networksSince(rows[0].networks, windowStart(rules.today, rules.windowDays));
    },
    close: () => pool.end(),
  };
}
