import type { TraceResponse, TraceWireAnswer } from '../../src/contract/traceContract.ts';
import type { TraceAnswer } from '../domain/traceSource.ts';

/** What a parsed JSON answer holds in memory, next to its text (measured: 2.4× for a carton of 50,000 codes). */
const PARSED_PER_BYTE = 3;

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
export class CheckedAnswer implements TraceAnswer {
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
