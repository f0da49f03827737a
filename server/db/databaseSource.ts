import type { TraceWireAnswer } from '../../src/api/traceContract.ts';
import { storedTraceResponse, traceResponseBody } from '../domain/traceBody.ts';
import type { StoredCode } from '../domain/traceCode.ts';
import { NOT_FOUND_ANSWER, type TraceAnswer, type TraceSource } from '../domain/traceSource.ts';
import type { CodeLookup } from './storage.ts';

class StoredAnswer implements TraceAnswer {
  readonly status = 200;
  constructor(private readonly stored: StoredCode) {}

  // The byte template (server/domain/traceBody.ts): the API's hot path, where serialising every answer anew cost more than the lookup.
  bytes(): Buffer {
    return traceResponseBody(this.stored);
  }

  // A render needs the object, not bytes.
  wire(): TraceWireAnswer {
    return { status: 200, body: storedTraceResponse(this.stored) };
  }
}

const fromStored = (stored: StoredCode | undefined): TraceAnswer => (stored === undefined ? NOT_FOUND_ANSWER : new StoredAnswer(stored));

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
