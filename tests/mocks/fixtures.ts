import demoRows from '../../server/seed/demo.json';
import { TRACE_URL_PATH, type TraceErrorBody, type TraceResponse } from '@/api/traceContract';
import { validateRow } from '../../server/import/importRow';
import type { CodeRecord } from '../../server/domain/traceCode';
import { toTraceResponse } from '../../server/traceBody';

/** Each demo row goes through the service's own import validation, as first start does. */
function toRecord(raw: (typeof demoRows)[number]): CodeRecord {
  const result = validateRow(raw);
  if (!('row' in result)) throw new Error(`demo row ${raw.code}: ${result.reasons.join('; ')}`);
  return result.row;
}

/** What the reference service answers for each demo code, keyed by upper-case code. */
export const demoResponses = new Map<string, TraceResponse>(
  demoRows.map((row) => [row.code.toUpperCase(), toTraceResponse(toRecord(row))]),
);

export const EXAMPLE_CODE = '1D24B3261X54A2320';
export const CARTON_CODE = 'TH26A1105C48B0001';
export const EMPTY_VALUES_CODE = 'NV26A1120Z00X0009';
export const UNKNOWN_CODE = 'ZZ00000000000000Z';

export function errorBody(status: number, error: TraceErrorBody['error'], message: string): TraceErrorBody {
  return { error, Message: message, status, EndPoint: TRACE_URL_PATH };
}
