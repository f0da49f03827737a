-- The lookup counts' own file (issue 36, point 10): the tables the catalogue's file held until its migration
-- 010, as they were then (server/db/sqlite/migrations/005, 006, 009). In a file of their own, a counts batch
-- no longer changes the catalogue's file, so the lookups' page cache and kept lots stay valid.
-- The README's Privacy section lists every field and how long it is kept.

-- Per code since its first counted lookup; `networks`: per bucket (1 of 256 of all networks) the last day a
-- network in it looked the code up (server/checks/networkDays.ts); `caution_since`: the Vietnam day its
-- caution began, NULL while it has none.
CREATE TABLE check_codes (
  code          TEXT PRIMARY KEY,
  first_day     TEXT NOT NULL,
  lookups       INTEGER NOT NULL,
  networks      TEXT NOT NULL DEFAULT '',
  caution_since TEXT
) STRICT, WITHOUT ROWID;

-- Per Vietnam day and code, for the brand's report of a period (kept 90 days).
CREATE TABLE check_days (
  day     TEXT NOT NULL,
  code    TEXT NOT NULL,
  lookups INTEGER NOT NULL,
  PRIMARY KEY (day, code)
) STRICT, WITHOUT ROWID;

-- Lookups of codes the database does not hold, per day; a bounded number of codes a day (kept 90 days).
CREATE TABLE check_unknown (
  day     TEXT NOT NULL,
  code    TEXT NOT NULL,
  lookups INTEGER NOT NULL,
  PRIMARY KEY (day, code)
) STRICT, WITHOUT ROWID;

-- How many new unknown codes each network stored today (a day's salted hash of the network, the salt in
-- memory only), so one network fills a small share of the day's slots. Today's rows only.
CREATE TABLE check_unknown_networks (
  day     TEXT NOT NULL,
  network TEXT NOT NULL,
  codes   INTEGER NOT NULL,
  PRIMARY KEY (day, network)
) STRICT, WITHOUT ROWID;
