import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { admitUnknown, crossedCodes, deviceKey, perCode, planVisits } from '../../checks/batchPlan.ts';
import { REPORT_KEEP_DAYS, type CheckStore, type CodeTotals } from '../../checks/checkStore.ts';
import { SALT_BYTES } from '../../checks/device.ts';
import { daysBefore } from '../../../src/contract/vietnamDay.ts';
import { migrate, openPool } from './database.ts';

/** Held for each batch's transaction: instances write one after the other, so each sees the other's devices. */
const BATCH_LOCK = 7_310_026;
/** One connection writes the batches; a few more read totals for lookups of codes not in memory. */
const CONNECTIONS = 3;

type TotalsRow = { code: string; firstDay: string; lookups: number; devices: number };

const TOTALS = 'SELECT code, first_day AS "firstDay", lookups, devices FROM check_codes WHERE code = ANY($1::text[])';

async function readTotals(client: pg.Pool | pg.PoolClient, codes: readonly string[]): Promise<Map<string, CodeTotals>> {
  const { rows } = await client.query<TotalsRow>(TOTALS, [codes]);
  return new Map(rows.map(({ code, firstDay, lookups, devices }) => [code, { firstDay, lookups, devices }]));
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
    async salt(day) {
      await pool.query('INSERT INTO check_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING', [
        day,
        randomBytes(SALT_BYTES),
      ]);
      const { rows } = await pool.query<{ salt: Buffer }>('SELECT salt FROM check_salts WHERE day = $1', [day]);
      if (rows[0] === undefined) throw new Error(`the salt of ${day} was deleted while being read`);
      return rows[0].salt;
    },
    async write({ visits, unknown, today }, { repeatWindowMs, cautionDevices, unknownCodesPerDay }) {
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
        const plan = planVisits(visits, stored, repeatWindowMs);
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
        const added = perCode(plan.increments);
        const addedRows = [...added];
        // The totals after the batch come back from the upsert; the devices before it are those less
        // what it added (reading them before and after cost two more queries of the whole batch).
        const { rows: afterRows } = await client.query<TotalsRow>(
          `INSERT INTO check_codes (code, first_day, lookups, devices) SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::int[])
           ON CONFLICT (code) DO UPDATE SET first_day = LEAST(check_codes.first_day, EXCLUDED.first_day),
             lookups = check_codes.lookups + EXCLUDED.lookups, devices = check_codes.devices + EXCLUDED.devices
           RETURNING code, first_day AS "firstDay", lookups, devices`,
          [
            addedRows.map(([code]) => code),
            addedRows.map(([, t]) => t.firstDay),
            addedRows.map(([, t]) => t.lookups),
            addedRows.map(([, t]) => t.devices),
          ],
        );
        const totals = new Map(
          afterRows.map(({ code, firstDay, lookups, devices }) => [code, { firstDay, lookups, devices }]),
        );
        const before = new Map(afterRows.map(({ code, devices }) => [code, devices - added.get(code)!.devices]));
        const days = plan.increments;
        await client.query(
          `INSERT INTO check_days (day, code, lookups, devices) SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::int[])
           ON CONFLICT (day, code) DO UPDATE SET lookups = check_days.lookups + EXCLUDED.lookups, devices = check_days.devices + EXCLUDED.devices`,
          [days.map((d) => d.day), days.map((d) => d.code), days.map((d) => d.lookups), days.map((d) => d.devices)],
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
          const admitted = admitUnknown(
            unknown,
            new Set(knownRows.map(({ day, code }) => `${day}\n${code}`)),
            new Map(countRows.map(({ day, count }) => [day, count])),
            unknownCodesPerDay,
          );
          await client.query(
            `INSERT INTO check_unknown (day, code, lookups) SELECT * FROM unnest($1::text[], $2::text[], $3::int[])
             ON CONFLICT (day, code) DO UPDATE SET lookups = check_unknown.lookups + EXCLUDED.lookups`,
            [admitted.map((u) => u.day), admitted.map((u) => u.code), admitted.map((u) => u.lookups)],
          );
        }
        await client.query('DELETE FROM check_devices WHERE day < $1', [today]);
        await client.query('DELETE FROM check_salts WHERE day < $1', [today]);
        const keepFrom = daysBefore(today, REPORT_KEEP_DAYS);
        await client.query('DELETE FROM check_days WHERE day < $1', [keepFrom]);
        await client.query('DELETE FROM check_unknown WHERE day < $1', [keepFrom]);
        // Codes whose every visit was a repeat gained nothing: their totals are read.
        const unchanged = [...new Set(visits.map(({ code }) => code).filter((code) => !totals.has(code)))];
        if (unchanged.length > 0)
          for (const [code, stored] of await readTotals(client, unchanged)) totals.set(code, stored);
        await client.query('COMMIT');
        return { totals, crossed: crossedCodes(before, added, cautionDevices) };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    totals,
    async report(since, limit) {
      const { rows: codes } = await pool.query<TotalsRow>(
        `SELECT d.code, sum(d.devices)::int AS devices, sum(d.lookups)::int AS lookups, c.first_day AS "firstDay"
         FROM check_days d JOIN check_codes c ON c.code = d.code WHERE d.day >= $1
         GROUP BY d.code, c.first_day ORDER BY devices DESC, lookups DESC, d.code LIMIT $2`,
        [since, limit],
      );
      const { rows: unknown } = await pool.query<{ code: string; lookups: number; days: number }>(
        `SELECT code, sum(lookups)::int AS lookups, count(*)::int AS days FROM check_unknown WHERE day >= $1
         GROUP BY code ORDER BY lookups DESC, code LIMIT $2`,
        [since, limit],
      );
      return { codes, unknown };
    },
    close: () => pool.end(),
  };
}
