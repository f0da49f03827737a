import type { ReportPhotoType } from '../../../src/contract/reports.ts';
import { ownsItsBuffer } from '../../lazyWorker.ts';
import { dayRefusal } from '../../reports/reportDays.ts';
import { takenBefore } from '../reportRows.ts';
import { reportRow, type ReportStore } from '../../reports/reportStore.ts';
import {
  claimedDelivery,
  DELIVERY_COLUMNS,
  insertQuery,
  listQuery,
  oneQuery,
  POSTGRES,
  sinceQuery,
  storedReport,
} from '../reportRows.ts';
import { migrate, openPool } from './database.ts';

/** Connections for reports: they are few and small; the webhook's claims take one now and then. */
const REPORT_CONNECTIONS = 2;

/**
 * Frees a photo's memory as soon as the insert has sent it (the driver sends a Buffer as binary, copied into its
 * message: no hex text on this thread), not at the service's next garbage collection. 225 KB a report kept until
 * then made the service's thread mark-compact its 34 MB heap every 15 or so reports in some runs (150 reports at
 * bench:reports' rate, node --trace-gc, 4 runs: 6, 1, 1 and 6 mark-compacts; freed: 1, 1, 1 and 2).
 * ArrayBuffer.prototype.transfer (ES2024, not in the compiler's lib here) detaches the buffer, freeing its memory.
 */
function release(bytes: Uint8Array): void {
  if (ownsItsBuffer(bytes)) (bytes.buffer as ArrayBuffer & { transfer(length: number): ArrayBuffer }).transfer(0);
}

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
    async add(report, { day, bounds, deliveryDue }) {
      const photoBytes = report.photo?.body.byteLength ?? 0;
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        // The report counted in its day first, which locks the day's row until COMMIT (instances storing at once
        // take its places one after the other), then checked against what the day had before it: one round trip.
        const { rows: counted } = await client.query<{ reports: number; photo_bytes: string }>(
          `INSERT INTO report_days AS d (day, reports, photo_bytes) VALUES ($1, 1, $2)
           ON CONFLICT (day) DO UPDATE SET reports = d.reports + 1, photo_bytes = d.photo_bytes + EXCLUDED.photo_bytes
           RETURNING reports, photo_bytes`,
          [day, photoBytes],
        );
        const refused = dayRefusal(takenBefore(counted[0]!, photoBytes), bounds, photoBytes);
        if (refused !== undefined) {
          await client.query('ROLLBACK');
          return refused;
        }
        const { sql, values } = insertQuery(reportRow(report, deliveryDue), POSTGRES);
        await client.query(sql, values);
        if (report.photo) release(report.photo.body);
        await client.query('COMMIT');
        return undefined;
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
      // A delivery still waiting is built from this row when it is sent: without the number, from now on (one
      // claimed before this commits carries the row as it was then).
      await pool.query(
        "UPDATE reports SET status = 'closed', closed_note = $1, closed_day = $2, phone = NULL WHERE reference = $3 AND status = 'open'",
        [note, day, reference],
      );
      const [row] = await rows(oneQuery(POSTGRES), [reference]);
      return row && row.status === 'closed' ? storedReport(row) : undefined;
    },
    async purge(photosClosedBy, reportsClosedBy, keepWaiting) {
      const photos = await pool.query(
        "UPDATE reports SET photo = NULL, photo_type = NULL WHERE status = 'closed' AND closed_day <= $1 AND photo IS NOT NULL",
        [photosClosedBy],
      );
      const reports = await pool.query(
        "DELETE FROM reports WHERE status = 'closed' AND closed_day <= $1 AND (delivery_due IS NULL OR NOT $2)",
        [reportsClosedBy, keepWaiting],
      );
      await pool.query('DELETE FROM report_days WHERE day < $1', [photosClosedBy]);
      return { photos: photos.rowCount ?? 0, reports: reports.rowCount ?? 0 };
    },
    async since(hour, limit) {
      return (await rows(sinceQuery(POSTGRES), [hour, limit])).map(storedReport);
    },
    async claimDue(now, leaseMs, limit) {
      // SKIP LOCKED: instances claiming at once take different reports.
      const claimed = await rows(
        `UPDATE reports SET delivery_due = $1, delivery_attempts = delivery_attempts + 1
         WHERE id IN (SELECT id FROM reports WHERE delivery_due IS NOT NULL AND delivery_due <= $2
                      ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
         RETURNING ${DELIVERY_COLUMNS}`,
        [now + leaseMs, now, limit],
      );
      return claimed.sort((a, b) => Number(a.id) - Number(b.id)).map(claimedDelivery);
    },
    async delivered(reference) {
      await pool.query('UPDATE reports SET delivery_due = NULL WHERE reference = $1', [reference]);
    },
    async retryAt(reference, dueAt) {
      await pool.query('UPDATE reports SET delivery_due = $1 WHERE reference = $2 AND delivery_due IS NOT NULL', [
        dueAt,
        reference,
      ]);
    },
    async nextDue() {
      const [row] = await rows('SELECT min(delivery_due) AS at FROM reports WHERE delivery_due IS NOT NULL', []);
      return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
    },
    async close() {
      await pool.end();
    },
  };
}
