import type { TraceChecks, TraceResponse, TraceWireAnswer } from '../../src/api/traceContract.ts';
import type { TraceAnswer } from '../traceSource.ts';

const CHECKS_FIELD = Buffer.from('"Checks"');
const CLOSE = Buffer.from('}');

/** `body` (a 200's JSON object) with Checks as its last field: spliced in before the closing brace, not re-serialised. */
export function withChecksBytes(body: Buffer, checks: TraceChecks): Buffer {
  // An upstream that is itself this service already says Checks: its counts are replaced by ours.
  if (body.includes(CHECKS_FIELD)) {
    const parsed = JSON.parse(body.toString('utf8')) as TraceResponse;
    return Buffer.from(JSON.stringify({ ...parsed, Checks: checks }));
  }
  const end = body.lastIndexOf(CLOSE);
  return Buffer.concat([body.subarray(0, end), Buffer.from(`,"Checks":${JSON.stringify(checks)}}`)]);
}

/** The answer with the code's counts beside the item, for the API (bytes) and the page's render (wire). */
export function withChecks(answer: TraceAnswer, checks: TraceChecks): TraceAnswer {
  return {
    status: answer.status,
    bytes: () => {
      const body = answer.bytes();
      return body && withChecksBytes(body, checks);
    },
    wire: (): TraceWireAnswer => {
      const { status, body } = answer.wire();
      return { status, body: body && { ...(body as TraceResponse), Checks: checks } };
    },
  };
}
