import type { TraceResponse } from '../../src/contract/traceContract.ts';
import { UNITS_INLINE_MAX, UNITS_SHOWN_FIRST, unitCodesOf } from '../../src/contract/unitCodes.ts';
import { checkTraceAnswer, type ShapeFault } from './answerShape.ts';

/**
 * What a big upstream 200 turned out to be, read in a worker thread (./bigAnswers.ts): a fault, no
 * product, or the answer twice: the JSON the API sends (the checked body, all of it but its Checks) and
 * the body a render reads (a big carton's unit codes cut to those the page lists, `unitTotal` their
 * whole number).
 */
export type BigVerdict =
  { fault: ShapeFault } | { empty: true } | { json: Uint8Array; page: TraceResponse; unitTotal: number | undefined };

/**
 * The body as the page's render reads it: a carton past UNITS_INLINE_MAX keeps only the valid unit codes
 * the page lists (read as the page reads them, src/contract/unitCodes.ts), and says how many there are.
 * The page of such a carton shows those and the number, nothing else of the list (src/api/traceResult.ts).
 */
export function trimmedForPage(body: TraceResponse): { page: TraceResponse; unitTotal: number | undefined } {
  const [box, ...others] = body.Data.Box;
  if (box === undefined || !Array.isArray(box.UnitCodes)) return { page: body, unitTotal: undefined };
  const codes = unitCodesOf(box.UnitCodes);
  if (codes.length <= UNITS_INLINE_MAX) return { page: body, unitTotal: undefined };
  const listed = { ...box, UnitCodes: codes.slice(0, UNITS_SHOWN_FIRST) };
  return { page: { ...body, Data: { ...body.Data, Box: [listed, ...others] } }, unitTotal: codes.length };
}

/** An upstream's 200 body (JSON bytes) for `code`, checked as server/upstream/answerShape.ts checks every answer. */
export function readBigAnswer(json: Uint8Array, code: string): BigVerdict {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(json.buffer, json.byteOffset, json.byteLength).toString('utf8'));
  } catch {
    return { fault: 'bad_body' };
  }
  const checked = checkTraceAnswer(body, code);
  if (typeof checked === 'string') return { fault: checked };
  if (checked.Data.Products.length === 0 && checked.Data.Box.length === 0) return { empty: true };
  // The API's JSON without the upstream's Checks (the render's body keeps them): this service's own
  // take their place, or theirs go back, by a splice at the end (TrimmedAnswer), never a parse of it.
  const { Checks: _theirs, ...withoutChecks } = checked;
  return { json: Buffer.from(JSON.stringify(withoutChecks)), ...trimmedForPage(checked) };
}
