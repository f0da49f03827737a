import Database from 'better-sqlite3';
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

function sqliteReason(code: string): string | undefined {
  if (code === 'SQLITE_FULL') return 'the disk is full';
  if (code.startsWith('SQLITE_READONLY')) return 'the database is read-only';
  if (code.startsWith('SQLITE_CANTOPEN')) return 'the database file cannot be opened';
  if (code.startsWith('SQLITE_IOERR')) return 'disk I/O error';
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return 'another process holds the database locked';
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') return 'the file is damaged or not a database';
  return undefined;
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
  if (error instanceof Database.SqliteError) {
    const reason = sqliteReason(error.code);
    return reason && `${reason} (${error.code})`;
  }
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
