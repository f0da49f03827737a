import {
  QR_CODE_MAX_LENGTH,
  QR_CODE_MIN_LENGTH,
  TRACE_ERROR_TYPES,
  type TraceBox,
  type TraceBoxFields,
  type TraceChecks,
  type TraceErrorBody,
  type TraceItemExtras,
  type TraceProduct,
  type TraceProductFields,
  type TraceRequest,
  type TraceResponse,
} from '../../src/contract/traceContract.ts';

// JSON schemas of the contract: the route validates requests and serialises errors with them, and the
// OpenAPI document is built from them. They live with the service, so the page never ships them.
// `satisfies` ties each property list and `required` list to the contract's interfaces, so a field
// added to or dropped from an interface fails `npm run server:typecheck` until its schema follows;
// tests/server/schemas.test.ts checks that `required` names every field of the specification's and no
// optional one (issue 12's additions: a service may leave them out, the page then shows what it always did).

/** Letters and digits only; surrounding spaces are allowed because the service trims. */
const QR_CODE_PATTERN = `^\\s*[A-Za-z0-9]{${QR_CODE_MIN_LENGTH},${QR_CODE_MAX_LENGTH}}\\s*$`;

const wireValueSchema = { type: ['string', 'number', 'null'] } as const;
const optionalText = (description: string) => ({ type: ['string', 'null'], description }) as const;

const itemExtrasSchema = {
  LotStatus: {
    type: ['string', 'null'],
    enum: ['active', 'recalled', null],
    description: "Optional. The production lot's status; 'recalled' makes the page show a recall warning first.",
  },
  RecallReason: optionalText('Optional. Why the lot was recalled, shown to the shopper.'),
  ImageUrl: optionalText(
    "Optional. A picture of the product to compare with the pack: an absolute http(s) URL or a path on the page's site, served with long caching.",
  ),
  Gtin: {
    type: ['string', 'null'],
    pattern: '^\\d{14}$',
    description: "Optional. The product's GS1 GTIN, 14 digits, check digit verified (GS1 Digital Link, issue 39).",
  },
  Lot: optionalText(
    "Optional. The production lot's code, which the page compares with a GS1 Digital Link's lot (AI 10).",
  ),
} satisfies Record<keyof TraceItemExtras, unknown>;

export const traceRequestSchema = {
  type: 'object',
  required: ['QrCode'] satisfies (keyof TraceRequest)[],
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
  required: [
    'Code',
    'ProductUnit',
    'ProductCode',
    'ProductName',
    'Weight',
    'WeightType',
    'ProductDate',
    'ExpireDate',
  ] satisfies (keyof TraceProductFields)[],
  properties: {
    Code: wireValueSchema,
    ProductUnit: wireValueSchema,
    ProductCode: wireValueSchema,
    ProductName: wireValueSchema,
    Weight: wireValueSchema,
    WeightType: wireValueSchema,
    ProductDate: { ...wireValueSchema, description: 'YYYY-MM-DD' },
    ExpireDate: { ...wireValueSchema, description: 'YYYY-MM-DD' },
    CartonCode: optionalText('Optional. The code of the carton this unit was packed in.'),
    CartonTotalPacket: {
      type: ['integer', 'null'],
      minimum: 1,
      description: 'Optional. How many units that carton holds.',
    },
    ...itemExtrasSchema,
  } satisfies Record<keyof TraceProduct, unknown>,
} as const;

export const traceBoxSchema = {
  type: 'object',
  required: [
    'Code',
    'ProductUnit',
    'ProductCode',
    'ProductName',
    'ProductDate',
    'ExpireDate',
    'TotalPacket',
  ] satisfies (keyof TraceBoxFields)[],
  properties: {
    Code: wireValueSchema,
    ProductUnit: wireValueSchema,
    ProductCode: wireValueSchema,
    ProductName: wireValueSchema,
    ProductDate: { ...wireValueSchema, description: 'YYYY-MM-DD' },
    ExpireDate: { ...wireValueSchema, description: 'YYYY-MM-DD' },
    TotalPacket: wireValueSchema,
    UnitCodes: {
      type: ['array', 'null'],
      items: { type: 'string' },
      description: 'Optional. The codes of the units packed in this carton.',
    },
    ...itemExtrasSchema,
  } satisfies Record<keyof TraceBox, unknown>,
} as const;

export const traceResponseSchema = {
  type: 'object',
  required: ['Data'] satisfies (keyof TraceResponse)[],
  properties: {
    Data: {
      type: 'object',
      required: ['Products', 'Box'] satisfies (keyof TraceResponse['Data'])[],
      properties: {
        Products: { type: 'array', items: traceProductSchema },
        Box: { type: 'array', items: traceBoxSchema },
      } satisfies Record<keyof TraceResponse['Data'], unknown>,
    },
    Checks: {
      type: ['object', 'null'],
      description:
        "Optional. What the service has counted of shoppers' lookups of this code; the page shows it under the status and cautions from the threshold on.",
      required: ['FirstDay', 'Lookups', 'Networks', 'Caution'] satisfies (keyof TraceChecks)[],
      properties: {
        FirstDay: { type: 'string', description: "YYYY-MM-DD, Vietnam's calendar day of the first counted lookup" },
        Lookups: { type: 'integer', minimum: 1, description: "Shoppers' lookups counted, this one included" },
        Networks: {
          type: 'integer',
          minimum: 0,
          description: 'Distinct networks (client /24 IPv4, /48 IPv6) that looked the code up within the recent window',
        },
        Caution: {
          type: 'boolean',
          description: "Networks is at or past the service's caution threshold within the window; never for a carton",
        },
      } satisfies Record<keyof TraceChecks, unknown>,
    },
  } satisfies Record<keyof TraceResponse, unknown>,
} as const;

export const traceErrorBodySchema = {
  type: 'object',
  required: ['error', 'Message', 'status', 'EndPoint'] satisfies (keyof TraceErrorBody)[],
  properties: {
    error: { type: 'string', enum: TRACE_ERROR_TYPES },
    Message: { type: 'string' },
    status: { type: 'integer' },
    EndPoint: { type: 'string', description: 'The request path' },
  } satisfies Record<keyof TraceErrorBody, unknown>,
} as const;
