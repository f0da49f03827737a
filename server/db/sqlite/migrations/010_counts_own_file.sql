-- Issue 36, point 10: the lookup counts live in a file of their own beside this one (data/trace.db →
-- data/trace-counts.db: server/db/sqlite/countsDatabase.ts). Each counts batch committed here (every 2 s)
-- changed this file, so every lookup connection started its page cache over and forgot the lots it kept
-- (a profile found a lookup's own read at 36 µs with counting on, 18 off). Their rows were copied there
-- just before this ran (moveCountsOut); secure_delete first, so the dropped tables' pages (today's network
-- hashes among them) are zeroed, not left in this file's free pages.
PRAGMA secure_delete = ON;

DROP TABLE check_codes;
DROP TABLE check_days;
DROP TABLE check_unknown;
DROP TABLE check_unknown_networks;
