import type { TraceChecks, TraceResponse, TraceWireAnswer } from '../../src/contract/traceContract.ts';
import type { TraceAnswer } from '../domain/traceSource.ts';

const CHECKS_FIELD = Buffer.from('"Checks"');
const CLOSE = Buffer.from('}');

/**
 * `body` (a 200's JSON object) with Checks as its last field, or without Checks: spliced in before the
 * closing brace, not re-serialised. An upstream that is itself this service already says Checks, its
 * counts of this service's calls: those are replaced, or removed when this service knows none.
 */
export function withChecksBytes(body: Buffer, checks: TraceChecks | undefined): Buffer {
  if (body.includes(CHECKS_FIELD)) {
    const { Checks: _theirs, ...parsed } = JSON.parse(body.toString('utf8')) as TraceResponse;
    return Buffer.from(JSON.stringify(checks === undefined ? parsed : { ...parsed, Checks: checks }));
  }
  if (checks === undefined) return body;
  const end = body.lastIndexOf(CLOSE);
  return Buffer.concat([body.subarray(0, end), Buffer.from(`,"Checks":${JSON.stringify(checks)}}`)]);
}

/** The answer with this service's counts of the code beside the item (none: no Checks), for the API (bytes) and the page's render (wire). */
export function withChecks(answer: TraceAnswer, checks: TraceChecks | undefined): TraceAnswer {
  // The database's own answers write Checks into their bytes as they build them (no second copy); a big
  // upstream answer splices them into JSON written without the upstream's (no parse of its megabyte).
  if (answer.withChecks !== undefined) return answer.withChecks(checks);
  return {
    status: answer.status,
    bytes: () => {
      const body = answer.bytes();
      return body && withChecksBytes(body, checks);
    },
    wire: (): TraceWireAnswer => {
      const { status, body } = answer.wire();
      if (body === undefined) return { status, body };
      const { Checks: _theirs, ...item } = body as TraceResponse;
      return { status, body: checks === undefined ? item : { ...item, Checks: checks } };
    },
  };
}
