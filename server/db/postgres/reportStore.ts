import type { ReportPhotoType } from '../../../src/contract/reports.ts';
import { reportRow, withoutPhone, type ReportStore } from '../../reports/reportStore.ts';
import { insertQuery, listQuery, oneQuery, POSTGRES, sinceQuery, storedReport } from '../reportRows.ts';
import { migrate, openPool } from './database.ts';

/** Connections for reports: they are few and small; the webhook's claims take one now and then. */
const REPORT_CONNECTIONS = 2;

/** Shoppers' reports in PostgreSQL, on a pool of their own. */
export async function openPostgresReportStore(url: string): Promise<ReportStore> {
  const pool = openPool(url, REPORT_CONNECTIONS);
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const rows = async (sql: string, values: unknown[]) =>
    (await pool.query(sql, values)).rows as Record<string, unknown>[];
  return {
    async add(report, outbox) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const { sql, values } = insertQuery(reportRow(report), POSTGRES);
        await client.query(sql, values);
        let queued = false;
        if (outbox !== undefined) {
          // Bounded: the count is read in the transaction; two instances at the bound may add one each.
          const { rows: counted } = await client.query<{ n: string }>('SELECT count(*) AS n FROM report_outbox');
          if (Number(counted[0]?.n ?? 0) < outbox.outboxMax) {
            await client.query('INSERT INTO report_outbox (reference, body, next_at) VALUES ($1, $2, $3)', [
              report.reference,
              outbox.body,
              outbox.now,
            ]);
            queued = true;
          }
        }
        await client.query('COMMIT');
        return { queued };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async list(filter) {
      const { sql, values } = listQuery(filter, POSTGRES);
      return (await rows(sql, values)).map(storedReport);
    },
    async photo(reference) {
      const [row] = await rows('SELECT photo, photo_type FROM reports WHERE reference = $1 AND photo IS NOT NULL', [
        reference,
      ]);
      return row && { type: row.photo_type as ReportPhotoType, body: row.photo as Buffer };
    },
    async closeReport(reference, note, day) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(
          "UPDATE reports SET status = 'closed', closed_note = $1, closed_day = $2, phone = NULL WHERE reference = $3 AND status = 'open'",
          [note, day, reference],
        );
        // FOR UPDATE: a webhook sender claiming the entry meanwhile reads the body without the number, or before it.
        const { rows: waiting } = await client.query<{ id: string; body: string }>(
          'SELECT id, body FROM report_outbox WHERE reference = $1 FOR UPDATE',
          [reference],
        );
        for (const entry of waiting) {
          await client.query('UPDATE report_outbox SET body = $1 WHERE id = $2', [withoutPhone(entry.body), entry.id]);
        }
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
      const [row] = await rows(oneQuery(POSTGRES), [reference]);
      return row && row.status === 'closed' ? storedReport(row) : undefined;
    },
    async purge(photosClosedBy, reportsClosedBy) {
      const photos = await pool.query(
        "UPDATE reports SET photo = NULL, photo_type = NULL WHERE status = 'closed' AND closed_day <= $1 AND photo IS NOT NULL",
        [photosClosedBy],
      );
      const reports = await pool.query("DELETE FROM reports WHERE status = 'closed' AND closed_day <= $1", [
        reportsClosedBy,
      ]);
      return { photos: photos.rowCount ?? 0, reports: reports.rowCount ?? 0 };
    },
    async since(hour, limit) {
      return (await rows(sinceQuery(POSTGRES), [hour, limit])).map(storedReport);
    },
    async claimDue(now, leaseMs, limit) {
      // SKIP LOCKED: instances claiming at once take different entries.
      const claimed = await rows(
        `UPDATE report_outbox SET next_at = $1, attempts = attempts + 1
         WHERE id IN (SELECT id FROM report_outbox WHERE next_at <= $2 ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
         RETURNING id, reference, body, attempts`,
        [now + leaseMs, now, limit],
      );
      return claimed.map((row) => ({
        id: Number(row.id),
        reference: String(row.reference),
        body: String(row.body),
        attempts: Number(row.attempts),
      }));
    },
    async delivered(id) {
      await pool.query('DELETE FROM report_outbox WHERE id = $1', [id]);
    },
    async retryAt(id, nextAt) {
      await pool.query('UPDATE report_outbox SET next_at = $1 WHERE id = $2', [nextAt, id]);
    },
    async nextDue() {
      const [row] = await rows('SELECT min(next_at) AS at FROM report_outbox', []);
      return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
    },
    async close() {
      await pool.end();
    },
  };
}
