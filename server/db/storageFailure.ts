import pg from 'pg';

// A failing disk or database reaches the importer as a SQLite result code, a PostgreSQL SQLSTATE or a
// Node system error (errno). These are the ones an operator can act on; anything else is a bug and
// keeps its stack trace.
const SYSTEM_ERRORS: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EIO: 'disk I/O error',
  ECONNREFUSED: 'the database server refuses connections',
  ECONNRESET: 'the database server closed the connection',
  ENOTFOUND: 'the database host is unknown',
  ETIMEDOUT: 'the database server does not answer',
  EHOSTUNREACH: 'the database host is unreachable',
};

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

/** node:sqlite's errors carry SQLite's extended result code as `errcode`. */
function sqliteFailure(error: unknown): string | undefined {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  if (code !== 'ERR_SQLITE_ERROR' || typeof errcode !== 'number') return undefined;
  const known = SQLITE_ERRORS[errcode & 0xff];
  return known && `${known[1]} (${known[0]})`;
}

const POSTGRES_ERRORS: Record<string, string> = {
  '53100': 'the database server\'s disk is full',
  '53200': 'the database server is out of memory',
  '53300': 'the database server has too many connections',
  '25006': 'the database is read-only',
  '28000': 'the database refused the login',
  '28P01': 'the database refused the password',
  '3D000': 'the database does not exist',
  '42501': 'the database user lacks a permission',
  '57P01': 'the database server shut down',
  '57P03': 'the database server is starting up or shutting down',
};

function postgresReason(code: string): string | undefined {
  return POSTGRES_ERRORS[code] ?? (code.startsWith('08') ? 'the connection to the database failed' : undefined);
}

/** One line for a storage failure (`the disk is full (SQLITE_FULL)`), or undefined for anything else. */
export function describeStorageFailure(error: unknown): string | undefined {
  const sqlite = sqliteFailure(error);
  if (sqlite) return sqlite;
  if (error instanceof pg.DatabaseError) {
    const reason = error.code === undefined ? undefined : postgresReason(error.code);
    return reason && `${reason} (SQLSTATE ${error.code}: ${error.message})`;
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const reason = code === undefined ? undefined : SYSTEM_ERRORS[code];
  const path = (error as NodeJS.ErrnoException).path;
  const address = (error as { address?: string; port?: number }).address;
  const port = (error as { port?: number }).port;
  const where = path ?? (address && (port ? `${address}:${port}` : address));
  return reason && `${reason} (${code}${where ? ` on ${where}` : ''})`;
}
