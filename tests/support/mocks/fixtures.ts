import demoRows from '../../../server/seed/demo.json';
import { TRACE_URL_PATH, type TraceErrorBody, type TraceResponse } from '@/contract/traceContract';
import type { CodeRecord } from '../../../server/domain/traceCode';
import { toTraceResponse, type TraceBodyExtras } from '../../../server/domain/traceBody';

type DemoRow = (typeof demoRows)[number];

const blankToNull = <T>(value: T | ''): T | null => (value === '' ? null : value);
const numberOrNull = (value: number | string): number | null => (typeof value === 'number' ? value : null);

/**
 * A demo row as the service stores it: blank cells are missing values. Its picture is left out: the
 * service names stored pictures by their content, which only an import reads (tests through the real
 * service cover them).
 */
function toRecord(row: DemoRow): CodeRecord {
  return {
    code: row.code,
    productCode: row.productCode,
    productName: blankToNull(row.productName),
    productUnit: row.productUnit,
    weight: numberOrNull(row.weight),
    weightType: blankToNull(row.weightType),
    productDate: blankToNull(row.productDate),
    expireDate: blankToNull(row.expireDate),
    totalPacket: numberOrNull(row.totalPacket),
    lotStatus: row.lotStatus === 'active' || row.lotStatus === 'recalled' ? row.lotStatus : null,
    recallReason: blankToNull(row.recallReason),
    imageUrl: null,
  };
}

/** What the reference service answers for each demo code, keyed by upper-case code. */
export const demoResponses = new Map<string, TraceResponse>(
  demoRows.map((row) => [row.code.toUpperCase(), toTraceResponse(toRecord(row))]),
);

export const EXAMPLE_CODE = '1D24B3261X54A2320';
export const CARTON_CODE = 'TH26A1105C48B0001';
export const EMPTY_VALUES_CODE = 'NV26A1120Z00X0009';
export const UNKNOWN_CODE = 'ZZ00000000000000Z';
/** A demo unit packed in CARTON_CODE (its parentCode). */
export const UNIT_IN_CARTON_CODE = 'HP26A1105C48B0001';
/** Expired on 05/07/2025. */
export const EXPIRED_CODE = 'EX24B0105Q90X00001';
/** A unit of a recalled lot. */
export const RECALLED_CODE = 'SC26A0815R85X00031';

/** The demo answer for a code with the contract's optional fields added (as a service that sends them would). */
export function answerWithExtras(code: string, extras: TraceBodyExtras): TraceResponse {
  const row = demoRows.find((demo) => demo.code === code);
  if (!row) throw new Error(`no demo row ${code}`);
  return toTraceResponse(toRecord(row), extras);
}

/** A demo answer with its expiry date replaced. */
export function answerExpiring(code: string, expireDate: string | null): TraceResponse {
  const row = demoRows.find((demo) => demo.code === code);
  if (!row) throw new Error(`no demo row ${code}`);
  return toTraceResponse({ ...toRecord(row), expireDate });
}

export function errorBody(status: number, error: TraceErrorBody['error'], message: string): TraceErrorBody {
  return { error, Message: message, status, EndPoint: TRACE_URL_PATH };
}
