// SQLite's primary result codes (an extended code such as SQLITE_READONLY_DBMOVED keeps its primary
// one in the low byte) and what each means to an operator.
const SQLITE_ERRORS: Record<number, [name: string, reason: string]> = {
  5: ['SQLITE_BUSY', 'another process holds the database locked'],
  6: ['SQLITE_LOCKED', 'another process holds the database locked'],
  8: ['SQLITE_READONLY', 'the database is read-only'],
  10: ['SQLITE_IOERR', 'disk I/O error'],
  11: ['SQLITE_CORRUPT', 'the file is damaged or not a database'],
  13: ['SQLITE_FULL', 'the disk is full'],
  14: ['SQLITE_CANTOPEN', 'the database file cannot be opened'],
  26: ['SQLITE_NOTADB', 'the file is damaged or not a database'],
};

/** One line for a node:sqlite error an operator can act on; its errors carry SQLite's extended result code as `errcode`. */
export function describeSqliteFailure(error: unknown): string | undefined {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  if (code !== 'ERR_SQLITE_ERROR' || typeof errcode !== 'number') return undefined;
  const known = SQLITE_ERRORS[errcode & 0xff];
  return known && `${known[1]} (${known[0]})`;
}
