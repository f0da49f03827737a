-- Every import, written or not, for the service's metrics (trace_import_runs_total): the importer is
-- another process, so the database is where the service learns of it.
CREATE TABLE import_runs (
  id          INTEGER PRIMARY KEY,
  finished_at TEXT NOT NULL,
  outcome     TEXT NOT NULL CHECK (outcome IN ('written', 'rejected', 'failed')),
  rows        INTEGER NOT NULL,
  seconds     REAL NOT NULL
) STRICT;
