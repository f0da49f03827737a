-- Every import, written or not, for the services' metrics (trace_import_runs_total): the importer is
-- another process, so the database is where every instance learns of it.
CREATE TABLE import_runs (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  finished_at timestamptz NOT NULL,
  outcome     text NOT NULL CHECK (outcome IN ('written', 'rejected', 'failed')),
  rows        integer NOT NULL,
  seconds     double precision NOT NULL
);
