-- Shoppers' reports of a suspected fake (issue 41): exactly what the shopper typed or chose, the photo, the code
-- and the hour it came. No network address, User-Agent or device hash. The phone number is deleted when the
-- case is closed; a closed report's photo and then the report itself are deleted after the days the README's
-- Privacy section gives.
PRAGMA secure_delete = ON;

CREATE TABLE reports (
  id           INTEGER PRIMARY KEY,
  reference    TEXT NOT NULL UNIQUE,
  code         TEXT NOT NULL,
  reason       TEXT NOT NULL,
  province     TEXT NOT NULL,
  shop         TEXT,
  address      TEXT,
  bought_on    TEXT,
  phone        TEXT,
  photo        BLOB,
  photo_type   TEXT,
  created_hour TEXT NOT NULL,
  status       TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  closed_note  TEXT,
  closed_day   TEXT
) STRICT;

CREATE INDEX reports_status ON reports (status, id);
CREATE INDEX reports_code ON reports (code, id);

-- Each new report's delivery to the brand's system (REPORT_WEBHOOK_URL), until it is delivered.
CREATE TABLE report_outbox (
  id        INTEGER PRIMARY KEY,
  reference TEXT NOT NULL,
  body      TEXT NOT NULL,
  attempts  INTEGER NOT NULL DEFAULT 0,
  next_at   INTEGER NOT NULL
) STRICT;

CREATE INDEX report_outbox_due ON report_outbox (next_at);
