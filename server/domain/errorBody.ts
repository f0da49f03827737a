import type { TraceErrorBody, TraceErrorType } from '../../src/contract/traceContract.ts';

/** The contract's error body; `endPoint` is the request's path without its query, or '' when it names none. */
export function errorBody(error: TraceErrorType, status: number, message: string, endPoint: string): TraceErrorBody {
  return { error, Message: message, status, EndPoint: endPoint };
}
