import type { ReportPhotoType } from '../../../src/contract/reports.ts';
import { dayRefusal } from '../../reports/reportDays.ts';
import { takenBefore } from '../reportRows.ts';
import { reportRow, type ReportStore } from '../../reports/reportStore.ts';
import {
  claimedDelivery,
  DELIVERY_COLUMNS,
  insertQuery,
  listQuery,
  oneQuery,
  SQLITE,
  sinceQuery,
  storedReport,
} from '../reportRows.ts';
import { attachCounts, openCountsDatabase } from './countsDatabase.ts';
import { inTransaction, openDatabase } from './database.ts';

/**
 * How long a report's write waits for the lock (a lookup-count batch, an import) before it fails and the shopper
 * is asked to try again. On the reports' worker thread (reportWorker.ts), so no lookup waits with it.
 */
const BUSY_TIMEOUT_MS = 5_000;

/** Shoppers' reports in the SQLite file, on a connection of their own (run in reportWriter.ts's thread). */
export function openSqliteReportStore(path: string): ReportStore {
  const db = openDatabase(path);
  db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}; PRAGMA secure_delete = ON`);
  // A report's code's lookup counts are in their own file (issue 36): read through it, attached.
  openCountsDatabase(path).close();
  attachCounts(db, path);
  // The report counted in its day, and what the day has now read back: one statement.
  const countDay = db.prepare(
    `INSERT INTO report_days (day, reports, photo_bytes) VALUES (?, 1, ?)
     ON CONFLICT (day) DO UPDATE SET reports = reports + 1, photo_bytes = photo_bytes + excluded.photo_bytes
     RETURNING reports, photo_bytes`,
  );
  const one = db.prepare(oneQuery(SQLITE));
  const rows = (sql: string, values: (string | number)[]) =>
    db.prepare(sql).all(...values) as Record<string, unknown>[];
  return {
    async add(report, { day, bounds, deliveryDue }) {
      const photoBytes = report.photo?.body.byteLength ?? 0;
      // BEGIN IMMEDIATE: the day's count is raised and read under the file's write lock, so two writers (another
      // process on the file) cannot both take its last place; a refusal rolls the count back.
      db.exec('BEGIN IMMEDIATE');
      try {
        const counted = countDay.get(day, photoBytes) as { reports: number; photo_bytes: number };
        const refused = dayRefusal(takenBefore(counted, photoBytes), bounds, photoBytes);
        if (refused === undefined) {
          const { sql, values } = insertQuery(reportRow(report, deliveryDue), SQLITE);
          db.prepare(sql).run(...values);
        }
        db.exec(refused === undefined ? 'COMMIT' : 'ROLLBACK');
        return refused;
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw error;
      }
    },
    async list(filter) {
      const { sql, values } = listQuery(filter, SQLITE);
      return rows(sql, values).map(storedReport);
    },
    async photo(reference) {
      const row = db
        .prepare('SELECT photo, photo_type FROM reports WHERE reference = ? AND photo IS NOT NULL')
        .get(reference) as { photo: Uint8Array; photo_type: ReportPhotoType } | undefined;
      return row && { type: row.photo_type, body: Buffer.from(row.photo) };
    },
    async closeReport(reference, note, day) {
      // A delivery still waiting is built from this row when it is sent: without the number, from now on.
      const changed = db
        .prepare(
          "UPDATE reports SET status = 'closed', closed_note = ?, closed_day = ?, phone = NULL WHERE reference = ? AND status = 'open'",
        )
        .run(note, day, reference);
      const row = one.get(reference) as Record<string, unknown> | undefined;
      return row && (changed.changes > 0 || row.status === 'closed') ? storedReport(row) : undefined;
    },
    async purge(photosClosedBy, reportsClosedBy, keepWaiting) {
      return inTransaction(db, () => {
        const photos = db
          .prepare(
            "UPDATE reports SET photo = NULL, photo_type = NULL WHERE status = 'closed' AND closed_day <= ? AND photo IS NOT NULL",
          )
          .run(photosClosedBy).changes;
        const reports = db
          .prepare(
            "DELETE FROM reports WHERE status = 'closed' AND closed_day <= ? AND (delivery_due IS NULL OR NOT ?)",
          )
          .run(reportsClosedBy, keepWaiting ? 1 : 0).changes;
        db.prepare('DELETE FROM report_days WHERE day < ?').run(photosClosedBy);
        return { photos: Number(photos), reports: Number(reports) };
      });
    },
    async since(hour, limit) {
      return rows(sinceQuery(SQLITE), [hour, limit]).map(storedReport);
    },
    async claimDue(now, leaseMs, limit) {
      return inTransaction(db, () => {
        const due = db
          .prepare(
            `SELECT ${DELIVERY_COLUMNS} FROM reports WHERE delivery_due IS NOT NULL AND delivery_due <= ? ORDER BY id LIMIT ?`,
          )
          .all(now, limit) as Record<string, unknown>[];
        const claim = db.prepare(
          'UPDATE reports SET delivery_due = ?, delivery_attempts = delivery_attempts + 1 WHERE id = ?',
        );
        for (const row of due) claim.run(now + leaseMs, Number(row.id));
        return due.map((row) => claimedDelivery({ ...row, delivery_attempts: Number(row.delivery_attempts) + 1 }));
      });
    },
    async delivered(reference) {
      db.prepare('UPDATE reports SET delivery_due = NULL WHERE reference = ?').run(reference);
    },
    async retryAt(reference, dueAt) {
      db.prepare('UPDATE reports SET delivery_due = ? WHERE reference = ? AND delivery_due IS NOT NULL').run(
        dueAt,
        reference,
      );
    },
    async nextDue() {
      const row = db.prepare('SELECT min(delivery_due) AS at FROM reports WHERE delivery_due IS NOT NULL').get() as {
        at: number | null;
      };
      return row.at === null ? undefined : Number(row.at);
    },
    async close() {
      if (db.isOpen) db.close();
    },
  };
}
