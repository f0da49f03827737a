import type { ReportPhotoType } from '../../../src/contract/reports.ts';
import { reportRow, withoutPhone, type ReportStore } from '../../reports/reportStore.ts';
import { insertQuery, listQuery, oneQuery, SQLITE, sinceQuery, storedReport } from '../reportRows.ts';
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
  const outboxSize = db.prepare('SELECT count(*) AS n FROM report_outbox');
  const enqueue = db.prepare('INSERT INTO report_outbox (reference, body, next_at) VALUES (?, ?, ?)');
  const one = db.prepare(oneQuery(SQLITE));
  const rows = (sql: string, values: (string | number)[]) =>
    db.prepare(sql).all(...values) as Record<string, unknown>[];
  return {
    async add(report, outbox) {
      return inTransaction(db, () => {
        const { sql, values } = insertQuery(reportRow(report), SQLITE);
        db.prepare(sql).run(...values);
        if (outbox === undefined) return { queued: false };
        if (Number((outboxSize.get() as { n: number }).n) >= outbox.outboxMax) return { queued: false };
        enqueue.run(report.reference, outbox.body, outbox.now);
        return { queued: true };
      });
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
      const changed = inTransaction(db, () => {
        const closed = db
          .prepare(
            "UPDATE reports SET status = 'closed', closed_note = ?, closed_day = ?, phone = NULL WHERE reference = ? AND status = 'open'",
          )
          .run(note, day, reference);
        const waiting = db.prepare('SELECT id, body FROM report_outbox WHERE reference = ?').all(reference) as {
          id: number;
          body: string;
        }[];
        const rewrite = db.prepare('UPDATE report_outbox SET body = ? WHERE id = ?');
        for (const entry of waiting) rewrite.run(withoutPhone(entry.body), entry.id);
        return closed;
      });
      const row = one.get(reference) as Record<string, unknown> | undefined;
      return row && (changed.changes > 0 || row.status === 'closed') ? storedReport(row) : undefined;
    },
    async purge(photosClosedBy, reportsClosedBy) {
      return inTransaction(db, () => {
        const photos = db
          .prepare(
            "UPDATE reports SET photo = NULL, photo_type = NULL WHERE status = 'closed' AND closed_day <= ? AND photo IS NOT NULL",
          )
          .run(photosClosedBy).changes;
        const reports = db
          .prepare("DELETE FROM reports WHERE status = 'closed' AND closed_day <= ?")
          .run(reportsClosedBy).changes;
        return { photos: Number(photos), reports: Number(reports) };
      });
    },
    async since(hour, limit) {
      return rows(sinceQuery(SQLITE), [hour, limit]).map(storedReport);
    },
    async claimDue(now, leaseMs, limit) {
      return inTransaction(db, () => {
        const due = db
          .prepare('SELECT id, reference, body, attempts FROM report_outbox WHERE next_at <= ? ORDER BY id LIMIT ?')
          .all(now, limit) as { id: number; reference: string; body: string; attempts: number }[];
        const claim = db.prepare('UPDATE report_outbox SET next_at = ?, attempts = attempts + 1 WHERE id = ?');
        for (const entry of due) claim.run(now + leaseMs, entry.id);
        return due.map((entry) => ({ ...entry, attempts: entry.attempts + 1 }));
      });
    },
    async delivered(id) {
      db.prepare('DELETE FROM report_outbox WHERE id = ?').run(id);
    },
    async retryAt(id, nextAt) {
      db.prepare('UPDATE report_outbox SET next_at = ? WHERE id = ?').run(nextAt, id);
    },
    async nextDue() {
      const row = db.prepare('SELECT min(next_at) AS at FROM report_outbox').get() as { at: number | null };
      return row.at === null ? undefined : Number(row.at);
    },
    async close() {
      if (db.isOpen) db.close();
    },
  };
}
