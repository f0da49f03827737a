-- Shoppers' lookups counted per code (issue 26). Nothing here names a visitor: a device is a salted hash
-- that only the day's salt (check_salts, deleted with the day) relates to a request, and rows of a past
-- day are purged with it. The README's Privacy section lists every field and how long it is kept.

-- Per code since its first counted lookup.
CREATE TABLE check_codes (
  code      TEXT PRIMARY KEY,
  first_day TEXT NOT NULL,
  lookups   INTEGER NOT NULL,
  devices   INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- Per Vietnam day and code, for the brand's report of a period (kept 90 days).
CREATE TABLE check_days (
  day     TEXT NOT NULL,
  code    TEXT NOT NULL,
  lookups INTEGER NOT NULL,
  devices INTEGER NOT NULL,
  PRIMARY KEY (day, code)
) STRICT, WITHOUT ROWID;

-- The day's devices of each code and when each was last counted: repeats within the window count once.
-- Today's rows only.
CREATE TABLE check_devices (
  day     TEXT NOT NULL,
  code    TEXT NOT NULL,
  device  TEXT NOT NULL,
  last_at INTEGER NOT NULL,
  PRIMARY KEY (day, code, device)
) STRICT, WITHOUT ROWID;

-- Today's random salt, shared by every process on the database; deleted once the day is over.
CREATE TABLE check_salts (
  day  TEXT PRIMARY KEY,
  salt BLOB NOT NULL
) STRICT;

-- Lookups of codes the database does not hold, per day; a bounded number of codes a day (kept 90 days).
CREATE TABLE check_unknown (
  day     TEXT NOT NULL,
  code    TEXT NOT NULL,
  lookups INTEGER NOT NULL,
  PRIMARY KEY (day, code)
) STRICT, WITHOUT ROWID;
