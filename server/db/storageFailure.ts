import Database from 'better-sqlite3';

// A failing disk reaches the importer as a SQLite result code or as a Node system error (errno).
// These are the ones an operator can act on; anything else is a bug and keeps its stack trace.
const SYSTEM_ERRORS: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EIO: 'disk I/O error',
};

function sqliteReason(code: string): string | undefined {
  if (code === 'SQLITE_FULL') return 'the disk is full';
  if (code.startsWith('SQLITE_READONLY')) return 'the database is read-only';
  if (code.startsWith('SQLITE_CANTOPEN')) return 'the database file cannot be opened';
  if (code.startsWith('SQLITE_IOERR')) return 'disk I/O error';
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return 'another process holds the database locked';
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') return 'the file is damaged or not a database';
  return undefined;
}

/** One line for a storage failure (`the disk is full (SQLITE_FULL)`), or undefined for anything else. */
export function describeStorageFailure(error: unknown): string | undefined {
  if (error instanceof Database.SqliteError) {
    const reason = sqliteReason(error.code);
    return reason && `${reason} (${error.code})`;
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const reason = code === undefined ? undefined : SYSTEM_ERRORS[code];
  const path = (error as NodeJS.ErrnoException).path;
  return reason && `${reason} (${code}${path ? ` on ${path}` : ''})`;
}
