// The trace service's wire contract, shared by the page (as types) and the reference service.
// Field names keep the service's PascalCase on purpose: they are the contract.

export const TRACE_API_BASE_PATH = '/qrinfo-svc/api';
export const TRACE_PATH = '/qr/trace';
export const API_KEY_HEADER = 'X-Key';

export const QR_CODE_MIN_LENGTH = 17;
export const QR_CODE_MAX_LENGTH = 18;

export interface TraceRequest {
  QrCode: string;
}

/** A value as the service may send it; the page shows 'Updating' for empty ones. */
export type WireValue = string | number | null | undefined;

export interface TraceProduct {
  Code: WireValue;
  ProductUnit: WireValue;
  ProductCode: WireValue;
  ProductName: WireValue;
  Weight: WireValue;
  WeightType: WireValue;
  ProductDate: WireValue;
  ExpireDate: WireValue;
}

export interface TraceBox {
  Code: WireValue;
  ProductUnit: WireValue;
  ProductCode: WireValue;
  ProductName: WireValue;
  ProductDate: WireValue;
  ExpireDate: WireValue;
  TotalPacket: WireValue;
}

export interface TraceResponse {
  Data: {
    Products: TraceProduct[];
    Box: TraceBox[];
  };
}

export type TraceErrorType =
  | 'INTERNAL_SERVER_ERROR'
  | 'AUTHENTICATION_FAILURE'
  | 'VALIDATION'
  | 'RATE_LIMIT'
  | 'NOT_FOUND';

export interface TraceErrorBody {
  error: TraceErrorType;
  Message: string;
  status: number;
  EndPoint: string;
}
