-- Issue 41 points 5 and 6. A report's delivery to the brand's system (REPORT_WEBHOOK_URL) is state on the report's
-- own row until it is delivered: delivery_due (Unix ms; NULL once delivered, or when no webhook was set) and the
-- attempts so far. No delivery can be dropped for want of room in a queue (the outbox and its
-- REPORT_WEBHOOK_OUTBOX_MAX are gone): the deliveries waiting are reports, bounded as reports are (report_days
-- below), and the purge keeps a report whose delivery still waits. Its JSON is built from the row when it is sent,
-- so a closed case's phone number, deleted from the row, is in no delivery. The outbox's waiting deliveries move
-- onto their reports, due when they were, with their attempts.
ALTER TABLE reports
  ADD COLUMN delivery_due bigint,
  ADD COLUMN delivery_attempts integer NOT NULL DEFAULT 0;

UPDATE reports
SET delivery_due = waiting.next_at, delivery_attempts = waiting.attempts
FROM (SELECT reference, min(next_at) AS next_at, max(attempts) AS attempts FROM report_outbox GROUP BY reference) AS waiting
WHERE waiting.reference = reports.reference;

DROP TABLE report_outbox;

CREATE INDEX reports_delivery_due ON reports (delivery_due) WHERE delivery_due IS NOT NULL;

-- Reports and photo bytes taken each Vietnam day, by every instance together, counted in each report's own
-- transaction: REPORTS_DAY_MAX and REPORTS_PHOTO_BYTES_DAY_MAX bound the disk a day may take, across restarts.
CREATE TABLE report_days (
  day         text PRIMARY KEY,
  reports     integer NOT NULL,
  photo_bytes bigint NOT NULL
);
