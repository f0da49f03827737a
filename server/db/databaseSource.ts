import { fromStored, type TraceSource } from '../domain/traceSource.ts';
import type { CodeLookup } from './storage.ts';

/** The reference service's own database (SQLite or PostgreSQL) as a trace source. */
export function databaseSource(lookup: CodeLookup): TraceSource {
  return {
    lookup(code) {
      const found = lookup.find(code);
      // SQLite answers at once and PostgreSQL with a promise: only the latter pays for awaiting.
      return found instanceof Promise ? found.then(fromStored) : fromStored(found);
    },
    ping: () => lookup.ping(),
    unreachable: 'Database unreachable',
  };
}
