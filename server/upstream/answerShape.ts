import { Ajv } from 'ajv';
import type { TraceResponse } from '../../src/contract/traceContract.ts';
import { normaliseCode } from '../domain/traceCode.ts';
import { traceResponseSchema } from '../http/schemas.ts';

/**
 * The contract's answer as the upstream must send it, checked with the service's own JSON schema of the
 * contract (server/http/schemas.ts, tied there to the contract's types), so the page server's check and
 * the service's answers cannot drift apart. Fields the contract does not name are removed: the browser
 * gets the contract's fields and nothing an upstream adds (an internal id, a debug trace).
 */
const ajv = new Ajv({ removeAdditional: 'all', allowUnionTypes: true, strict: false });
const validTraceResponse = ajv.compile<TraceResponse>(traceResponseSchema as object);

/** Why an upstream's 200 body is not an answer the page may show for the code asked. */
export type ShapeFault = 'bad_body' | 'wrong_code';

/**
 * The body as the page may read it, or why not: every item of the contract's types (a name that is an
 * object would throw in the render), and every item's Code the code asked, or for a box the carton
 * the asked unit says it was packed in. An answer for another code would be shown, and kept, as this
 * code's. `body` is changed in place: the fields outside the contract are dropped.
 */
export function checkTraceAnswer(body: unknown, code: string): TraceResponse | ShapeFault {
  if (!validTraceResponse(body)) return 'bad_body';
  const { Products, Box } = body.Data;
  const carton = Products[0]?.CartonCode;
  const own = (item: { Code: unknown }) => typeof item.Code === 'string' && normaliseCode(item.Code) === code;
  const ownCarton = (item: { Code: unknown }) =>
    typeof item.Code === 'string' && typeof carton === 'string' && normaliseCode(item.Code) === normaliseCode(carton);
  if (!Products.every(own) || !Box.every((item) => own(item) || ownCarton(item))) return 'wrong_code';
  return body;
}
