// The trace service's wire contract, shared by the page (as types) and the reference service.
// Field names keep the service's PascalCase on purpose: they are the contract.

export const TRACE_API_BASE_PATH = '/qrinfo-svc/api';
export const TRACE_PATH = '/qr/trace';
/** The lookup's path on the service, as errors report it in `EndPoint`. */
export const TRACE_URL_PATH = `${TRACE_API_BASE_PATH}${TRACE_PATH}`;
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

export const TRACE_ERROR_TYPES = [
  'INTERNAL_SERVER_ERROR',
  'AUTHENTICATION_FAILURE',
  'VALIDATION',
  'RATE_LIMIT',
  'NOT_FOUND',
] as const;

export type TraceErrorType = (typeof TRACE_ERROR_TYPES)[number];

export interface TraceErrorBody {
  error: TraceErrorType;
  Message: string;
  status: number;
  EndPoint: string;
}

// JSON schemas of the same contract. The service validates requests and serialises errors with them,
// and builds its OpenAPI document from them; they are plain data so the page's import stays free of
// server code.
// `satisfies` ties each schema's property list to the interface above, so the two cannot drift.

/** Letters and digits only; surrounding spaces are allowed because the service trims. */
export const QR_CODE_PATTERN = `^\\s*[A-Za-z0-9]{${QR_CODE_MIN_LENGTH},${QR_CODE_MAX_LENGTH}}\\s*$`;

const wireValueSchema = { type: ['string', 'number', 'null'] } as const;

export const traceRequestSchema = {
  type: 'object',
  required: ['QrCode'],
  properties: {
    QrCode: {
      type: 'string',
      pattern: QR_CODE_PATTERN,
      description: `${QR_CODE_MIN_LENGTH} to ${QR_CODE_MAX_LENGTH} letters and digits, matched case-insensitively after trimming`,
    },
  } satisfies Record<keyof TraceRequest, unknown>,
} as const;

export const traceProductSchema = {
  type: 'object',
  required: ['Code', 'ProductUnit', 'ProductCode', 'ProductName', 'Weight', 'WeightType', 'ProductDate', 'ExpireDate'],
  properties: {
    Code: wireValueSchema,
    ProductUnit: wireValueSchema,
    ProductCode: wireValueSchema,
    ProductName: wireValueSchema,
    Weight: wireValueSchema,
    WeightType: wireValueSchema,
    ProductDate: { ...wireValueSchema, description: 'YYYY-MM-DD' },
    ExpireDate: { ...wireValueSchema, description: 'YYYY-MM-DD' },
  } satisfies Record<keyof TraceProduct, unknown>,
} as const;

export const traceBoxSchema = {
  type: 'object',
  required: ['Code', 'ProductUnit', 'ProductCode', 'ProductName', 'ProductDate', 'ExpireDate', 'TotalPacket'],
  properties: {
    Code: wireValueSchema,
    ProductUnit: wireValueSchema,
    ProductCode: wireValueSchema,
    ProductName: wireValueSchema,
    ProductDate: { ...wireValueSchema, description: 'YYYY-MM-DD' },
    ExpireDate: { ...wireValueSchema, description: 'YYYY-MM-DD' },
    TotalPacket: wireValueSchema,
  } satisfies Record<keyof TraceBox, unknown>,
} as const;

export const traceResponseSchema = {
  type: 'object',
  required: ['Data'],
  properties: {
    Data: {
      type: 'object',
      required: ['Products', 'Box'],
      properties: {
        Products: { type: 'array', items: traceProductSchema },
        Box: { type: 'array', items: traceBoxSchema },
      } satisfies Record<keyof TraceResponse['Data'], unknown>,
    },
  } satisfies Record<keyof TraceResponse, unknown>,
} as const;

export const traceErrorBodySchema = {
  type: 'object',
  required: ['error', 'Message', 'status', 'EndPoint'],
  properties: {
    error: { type: 'string', enum: TRACE_ERROR_TYPES },
    Message: { type: 'string' },
    status: { type: 'integer' },
    EndPoint: { type: 'string', description: 'The request path' },
  } satisfies Record<keyof TraceErrorBody, unknown>,
} as const;
