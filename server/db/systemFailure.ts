// A failing disk or database reaches the service as a SQLite result code, a PostgreSQL SQLSTATE (each
// adapter names its own: sqlite/driverFailure.ts, postgres/driverFailure.ts) or a Node system error
// (errno), named here. These are the ones an operator can act on; anything else is a bug and keeps its
// stack trace.
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

/** One line for a failing disk or connection (`the disk is full (ENOSPC on /srv)`), or undefined for anything else. */
export function describeSystemFailure(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const reason = code === undefined ? undefined : SYSTEM_ERRORS[code];
  if (reason === undefined) return undefined;
  const path = (error as NodeJS.ErrnoException).path;
  const address = (error as { address?: string; port?: number }).address;
  const port = (error as { port?: number }).port;
  const where = path ?? (address && (port ? `${address}:${port}` : address));
  return `${reason} (${code}${where ? ` on ${where}` : ''})`;
}
