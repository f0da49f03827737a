import type { TraceChecks, TraceWireAnswer } from '../../src/contract/traceContract.ts';
import { errorBody } from './errorBody.ts';
import type { CodeTotals, StoredCode } from './traceCode.ts';
import { storedTraceResponse, traceResponseBody } from './traceBody.ts';

/**
 * One lookup's answer in the contract's terms: 200 and the item, 204, or an error status and its body.
 * The API sends the bytes, the page's render reads the parsed body; each is made only when asked for.
 */
export interface TraceAnswer {
  readonly status: number;
  /** The body's JSON as sent over HTTP; undefined for 204. */
  bytes(): Buffer | undefined;
  /** The same answer as the page's own api slice reads it. */
  wire(): TraceWireAnswer;
  /** The code's stored lookup counts when the source read them with it (StoredCode.counts). */
  readonly counts?: CodeTotals | null | undefined;
  /** Seconds after which the client may ask again (an upstream that is busy): sent as Retry-After. */
  readonly retryAfterSeconds?: number;
  /** The answer is a carton's (when the source knows without parsing it): a carton never carries the caution. */
  readonly carton?: boolean;
  /**
   * The same answer with this service's Checks in place of any the source sent (none: without Checks),
   * when it can write them itself (server/checks/spliceChecks.ts splices the others).
   */
  withChecks?(checks: TraceChecks | undefined): TraceAnswer;
}

/** Who a lookup is for: the client's address as the service sees it (TRUST_PROXY decides). */
export interface Asker {
  address: string;
}

/**
 * Where lookups are answered: the reference service's own database (server/db/databaseSource.ts), or
 * the brand's trace service (server/upstream/). The routes, the page's render and readiness talk to
 * this and never know which.
 */
export interface TraceSource {
  /**
   * Answers a normalised (trimmed, upper-case) code. The database may throw (its failure is the
   * service's own: a 500); the upstream never does, its failures are answers. `asker`: whose lookup it
   * is, which the upstream's per-client budget counts and may be told.
   */
  lookup(code: string, asker?: Asker): TraceAnswer | Promise<TraceAnswer>;
  /** Throws unless the source should get traffic: what readiness reports. */
  ping(): void | Promise<void>;
  /** What readiness says when ping throws. */
  readonly unreachable: string;
}

export const NOT_FOUND_ANSWER: TraceAnswer = {
  status: 204,
  bytes: () => undefined,
  wire: () => ({ status: 204, body: undefined }),
};

/** JSON bytes as received or built once; parsed only if a render reads them. */
export class JsonAnswer implements TraceAnswer {
  constructor(
    readonly status: number,
    private readonly json: Buffer,
  ) {}

  bytes(): Buffer {
    return this.json;
  }

  wire(): TraceWireAnswer {
    return { status: this.status, body: JSON.parse(this.json.toString('utf8')) as TraceWireAnswer['body'] };
  }
}

/**
 * The contract's error body without an endpoint: the page shows its plain 'System error!', as the
 * specification's catalogue says for any error that names no endpoint (the upstream's own failures).
 */
export function systemErrorAnswer(status: number, message: string): TraceAnswer {
  return new JsonAnswer(status, Buffer.from(JSON.stringify(errorBody('INTERNAL_SERVER_ERROR', status, message, ''))));
}

class StoredAnswer implements TraceAnswer {
  readonly status = 200;
  readonly counts: CodeTotals | null | undefined;
  readonly carton: boolean;
  constructor(
    private readonly stored: StoredCode,
    private readonly checks?: TraceChecks,
  ) {
    this.counts = stored.counts;
    this.carton = stored.unitCodes !== undefined;
  }

  // The byte template (server/domain/traceBody.ts): the API's hot path, where serialising every answer anew cost more than the lookup.
  bytes(): Buffer {
    return traceResponseBody(this.stored, this.checks);
  }

  // A render needs the object, not bytes.
  wire(): TraceWireAnswer {
    const body = storedTraceResponse(this.stored);
    return { status: 200, body: this.checks === undefined ? body : { ...body, Checks: this.checks } };
  }

  // The database sends no Checks of its own: without counts, the answer is the same.
  withChecks(checks: TraceChecks | undefined): TraceAnswer {
    return checks === undefined ? this : new StoredAnswer(this.stored, checks);
  }
}

/** A code the database found, as an answer; none is 204. */
export const fromStored = (stored: StoredCode | undefined): TraceAnswer =>
  stored === undefined ? NOT_FOUND_ANSWER : new StoredAnswer(stored);
