import pg from 'pg';

const POSTGRES_ERRORS: Record<string, string> = {
  '53100': "the database server's disk is full",
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

/** One line for a PostgreSQL error an operator can act on (`the database refused the password (SQLSTATE 28P01: …)`). */
export function describePostgresFailure(error: unknown): string | undefined {
  if (!(error instanceof pg.DatabaseError) || error.code === undefined) return undefined;
  const reason = postgresReason(error.code);
  return reason && `${reason} (SQLSTATE ${error.code}: ${error.message})`;
}
