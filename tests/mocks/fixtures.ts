import demoRows from '../../server/seed/demo.json';
import type { TraceErrorBody, TraceResponse } from '@/api/traceContract';
import { toTraceResponse, type CodeRecord } from '../../server/traceResponse';

type DemoRow = (typeof demoRows)[number];

function optionalText(value: string): string | null {
  return value.trim() === '' ? null : value;
}

function optionalNumber(value: string | number): number | null {
  return value === '' ? null : Number(value);
}

function toRecord(row: DemoRow): CodeRecord {
  return {
    code: row.code,
    productCode: row.productCode,
    productName: optionalText(row.productName),
    productUnit: row.productUnit,
    weight: optionalNumber(row.weight),
    weightType: optionalText(row.weightType),
    productDate: optionalText(row.productDate),
    expireDate: optionalText(row.expireDate),
    totalPacket: optionalNumber(row.totalPacket),
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

export function errorBody(status: number, error: TraceErrorBody['error'], message: string): TraceErrorBody {
  return { error, Message: message, status, EndPoint: '/qrinfo-svc/api/qr/trace' };
}
