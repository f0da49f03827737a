-- Issue 36: the caution counts distinct networks within a recent window, and no salt is ever stored.
-- secure_delete first, so the pages freed here (the salts, the old device hashes) are zeroed, not left
-- in the file's free pages.
PRAGMA secure_delete = ON;

-- The day's salt now lives in memory (or Redis), never here: a stored hash relates to no address.
DROP TABLE check_salts;
-- Their hashes were made with a stored salt: gone with it (today's repeats count once more).
DELETE FROM check_devices;

-- Devices per code and day meant "address and browser for one day": replaced by networks.
ALTER TABLE check_codes DROP COLUMN devices;
ALTER TABLE check_days DROP COLUMN devices;
-- The code's networks of the recent window: per bucket (1 of 256 of all networks), the last day
-- (server/checks/networkDays.ts). No network, address or salt is stored.
ALTER TABLE check_codes ADD COLUMN networks TEXT NOT NULL DEFAULT '';
-- The Vietnam day the code's caution began; NULL while it has none (npm run report:codes lists them).
ALTER TABLE check_codes ADD COLUMN caution_since TEXT;

-- How many new unknown codes each network stored today (a day's salted hash of the network), so one
-- network fills a small share of the day's slots. Today's rows only, like check_devices.
CREATE TABLE check_unknown_networks (
  day     TEXT NOT NULL,
  network TEXT NOT NULL,
  codes   INTEGER NOT NULL,
  PRIMARY KEY (day, network)
) STRICT, WITHOUT ROWID;
