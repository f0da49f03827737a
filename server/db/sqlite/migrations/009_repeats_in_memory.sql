-- Issue 36, point 10: with SQLite (one service instance on the file) the repeat window is the counter's
-- memory alone (server/checks/lookupCounter.ts): no device hash is written any more. A device row per new
-- code and device was a third of each batch's rows. secure_delete first, so the dropped table's pages,
-- today's device hashes, are zeroed, not left in the file's free pages.
PRAGMA secure_delete = ON;

DROP TABLE check_devices;
