import type { TraceChecks, TraceResponse, TraceWireAnswer } from '../../src/contract/traceContract.ts';
import { UNIT_TOTAL } from '../../src/contract/unitCodes.ts';
import type { TraceAnswer } from '../domain/traceSource.ts';

/** What a parsed JSON answer holds in memory, next to its text (measured: 2.4× for a carton of 50,000 codes). */
const PARSED_PER_BYTE = 3;
/** What the body a render reads of a trimmed carton holds at most: its item and ten codes, with room to spare. */
const TRIMMED_BODY_BYTES = 16 * 1024;

/** An upstream answer as the answer cache weighs it. */
export interface KeptAnswer extends TraceAnswer {
  /** Memory the kept answer may take. */
  readonly size: number;
}

/** Frozen through: arrays of strings (a carton's unit codes) by one native call, their objects walked. */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) if (typeof child === 'object') deepFreeze(child);
  return Object.freeze(value);
}

/**
 * An upstream's 200 as checked (server/upstream/answerShape.ts), kept parsed: the page's render reads
 * the object itself, and the JSON the API sends is written only when the API first asks for it. A
 * carton of 50,000 codes is 1 MB: writing its JSON anew (and parsing it again for each render) cost
 * its page about 10 ms of the event loop, for a render that never sends it. Frozen, because the
 * answer cache shares it between every request that reads it.
 */
export class CheckedAnswer implements KeptAnswer {
  readonly status = 200;
  private json: Buffer | undefined;
  private readonly body: TraceResponse;

  /** `receivedBytes`: the body's size as it came, for the cache's budget. */
  constructor(
    body: TraceResponse,
    private readonly receivedBytes: number,
  ) {
    this.body = deepFreeze(body);
  }

  /** Memory the kept answer may take: the parsed object, and its JSON once written. */
  get size(): number {
    return this.receivedBytes * PARSED_PER_BYTE;
  }

  bytes(): Buffer {
    return (this.json ??= Buffer.from(JSON.stringify(this.body)));
  }

  wire(): TraceWireAnswer {
    return { status: 200, body: this.body };
  }
}

/** `json` (an object's JSON, without Checks) with these Checks as its last field (null too); none: as it is. */
function withChecksJson(json: Buffer, checks: TraceChecks | null | undefined): Buffer {
  if (checks === undefined) return json;
  return Buffer.concat([json.subarray(0, -1), Buffer.from(`,"Checks":${JSON.stringify(checks)}}`)]);
}

/**
 * A big upstream 200 as the worker read it (server/upstream/bigAnswers.ts): the JSON the API sends, as
 * the worker wrote it from the checked body without the upstream's Checks, and the body a render reads,
 * in which a carton past the page's inline bound holds only the unit codes the page lists
 * (server/upstream/bigAnswer.ts). Their whole number goes on the box under UNIT_TOTAL, a symbol: the
 * page's reading of the answer takes it (src/api/traceResult.ts), and no JSON ever carries it. The event
 * loop never holds the 50,000 codes, and Checks (the upstream's, or this service's in their place) are
 * spliced onto the JSON's end rather than the megabyte parsed and written again for each lookup.
 */
export class TrimmedAnswer implements KeptAnswer {
  readonly status = 200;
  private readonly page: TraceResponse;
  private sent: Buffer | undefined;

  constructor(
    private readonly json: Buffer,
    page: TraceResponse,
    private readonly unitTotal: number | undefined,
  ) {
    const box = page.Data.Box[0];
    if (unitTotal !== undefined && box !== undefined)
      Object.defineProperty(box, UNIT_TOTAL, { value: unitTotal, enumerable: true });
    this.page = deepFreeze(page);
  }

  /** The API's JSON, and the render's body: small when trimmed, else as big as the answer parsed. */
  get size(): number {
    return this.json.length + (this.unitTotal === undefined ? this.json.length * PARSED_PER_BYTE : TRIMMED_BODY_BYTES);
  }

  /** As the upstream sent it: with its Checks, if it sent any. */
  bytes(): Buffer {
    return (this.sent ??= withChecksJson(this.json, this.page.Checks));
  }

  wire(): TraceWireAnswer {
    return { status: 200, body: this.page };
  }

  withChecks(checks: TraceChecks | undefined): TraceAnswer {
    const { Checks: _theirs, ...item } = this.page;
    const body: TraceResponse = checks === undefined ? item : { ...item, Checks: checks };
    return {
      status: 200,
      bytes: () => withChecksJson(this.json, checks),
      wire: () => ({ status: 200, body }),
    };
  }
}
