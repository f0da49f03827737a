-- Shoppers' lookups counted per code (issue 26). Nothing here names a visitor: a device is a salted hash
-- that only the day's salt (check_salts, deleted with the day) relates to a request, and rows of a past
-- day are purged with it. The README's Privacy section lists every field and how long it is kept.

-- Per code since its first counted lookup.
CREATE TABLE check_codes (
  code      text PRIMARY KEY,
  first_day text NOT NULL,
  lookups   integer NOT NULL,
  devices   integer NOT NULL
);

-- Per Vietnam day and code, for the brand's report of a period (kept 90 days).
CREATE TABLE check_days (
  day     text NOT NULL,
  code    text NOT NULL,
  lookups integer NOT NULL,
  devices integer NOT NULL,
  PRIMARY KEY (day, code)
);

-- The day's devices of each code and when each was last counted: repeats within the window count once.
-- Today's rows only.
CREATE TABLE check_devices (
  day     text NOT NULL,
  code    text NOT NULL,
  device  text NOT NULL,
  last_at bigint NOT NULL,
  PRIMARY KEY (day, code, device)
);

-- Today's random salt, shared by every process on the database; deleted once the day is over.
CREATE TABLE check_salts (
  day  text PRIMARY KEY,
  salt bytea NOT NULL
);

-- Lookups of codes the database does not hold, per day; a bounded number of codes a day (kept 90 days).
CREATE TABLE check_unknown (
  day     text NOT NULL,
  code    text NOT NULL,
  lookups integer NOT NULL,
  PRIMARY KEY (day, code)
);
