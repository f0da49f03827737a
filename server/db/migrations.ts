import { readdirSync, readFileSync } from 'node:fs';

export interface Migration {
  version: number;
  sql: string;
}

/** A database's numbered migrations (`NNN_name.sql` in `dir`), in order. */
export function readMigrations(dir: URL): Migration[] {
  return readdirSync(dir)
    .filter((name) => /^\d{3}_.+\.sql$/.test(name))
    .sort()
    .map((name) => ({ version: Number(name.slice(0, 3)), sql: readFileSync(new URL(name, dir), 'utf8') }));
}
