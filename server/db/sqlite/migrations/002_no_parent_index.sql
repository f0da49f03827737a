-- The index on parent_code served only SQLite's own foreign-key check of parent cartons, which the
-- import now makes itself (as on PostgreSQL): no lookup reads codes by parent, and keeping the index
-- up to date cost about a third of writing a million codes. The REFERENCES clauses of 001 stay as the
-- model's documentation; the import connection runs with foreign_keys off (server/db/sqlite/importStaging.ts).
DROP INDEX IF EXISTS codes_parent;
