-- Shoppers' reports of a suspected fake (issue 41): exactly what the shopper typed or chose, the photo, the code
-- and the hour it came. No network address, User-Agent or device hash. The phone number is deleted when the
-- case is closed; a closed report's photo and then the report itself are deleted after the days the README's
-- Privacy section gives.
CREATE TABLE reports (
  id           bigserial PRIMARY KEY,
  reference    text NOT NULL UNIQUE,
  code         text NOT NULL,
  reason       text NOT NULL,
  province     text NOT NULL,
  shop         text,
  address      text,
  bought_on    text,
  phone        text,
  photo        bytea,
  photo_type   text,
  created_hour text NOT NULL,
  status       text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  closed_note  text,
  closed_day   text
);

CREATE INDEX reports_status ON reports (status, id);
CREATE INDEX reports_code ON reports (code, id);

-- Each new report's delivery to the brand's system (REPORT_WEBHOOK_URL), until it is delivered.
CREATE TABLE report_outbox (
  id        bigserial PRIMARY KEY,
  reference text NOT NULL,
  body      text NOT NULL,
  attempts  integer NOT NULL DEFAULT 0,
  next_at   bigint NOT NULL
);

CREATE INDEX report_outbox_due ON report_outbox (next_at);
