import {
  API_KEY_HEADER,
  LOOKUP_PURPOSE_HEADER,
  TRACE_API_BASE_PATH,
  TRACE_PATH,
} from '../../src/contract/traceContract.ts';
import { traceErrorBodySchema, traceRequestSchema, traceResponseSchema } from '../http/schemas.ts';
import { gs1OpenApiPaths, gs1OpenApiSchemas } from './gs1OpenApi.ts';

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/TraceErrorBody' } } },
});

/** The served OpenAPI 3.1 document, built from the same schemas the route validates with. */
export function buildOpenApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Trace service',
      version: '1.2.0',
      description:
        'Looks up the trace information of a product can, box or carton by its QR code. Since 1.2 also the GS1 Digital Link resolver (at the root) and the JSON of a product by its GTIN and of a lot, which its links point to.',
    },
    servers: [{ url: TRACE_API_BASE_PATH }],
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: API_KEY_HEADER } },
      schemas: {
        TraceRequest: traceRequestSchema,
        TraceResponse: traceResponseSchema,
        TraceErrorBody: traceErrorBodySchema,
        ...gs1OpenApiSchemas,
      },
    },
    security: [{ apiKey: [] }],
    paths: {
      [TRACE_PATH]: {
        post: {
          operationId: 'trace',
          summary: 'Trace a code',
          parameters: [
            {
              name: LOOKUP_PURPOSE_HEADER,
              in: 'header',
              required: false,
              schema: { type: 'string', enum: ['staff', 'recheck'] },
              description:
                "Why the lookup is made, when it is not a shopper's: 'staff' (the support desk) or 'recheck' (the page re-checking codes kept on the device for recalls). Such lookups are answered with the code's Checks but never counted; a staff key (STAFF_API_KEYS) is staff whatever it sends. Any other value: 400 VALIDATION.",
            },
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/TraceRequest' } } },
          },
          responses: {
            200: {
              description:
                "A unit (Data.Products) or a carton (Data.Box); the other list is empty. Since 1.1 an item may carry optional fields (LotStatus, RecallReason, ImageUrl; a unit's CartonCode and CartonTotalPacket; a carton's UnitCodes): a service may leave any of them out, and clients must show the specification's fields without them. Beside the item, Checks: what the service counted of shoppers' lookups of the code (absent when it does not count, or does not know now).",
              content: { 'application/json': { schema: { $ref: '#/components/schemas/TraceResponse' } } },
            },
            204: { description: 'Unknown code; empty body.' },
            400: errorResponse(
              `VALIDATION: missing or non-JSON body, missing, non-string or malformed QrCode, or an ${LOOKUP_PURPOSE_HEADER} other than staff or recheck.`,
            ),
            401: errorResponse('AUTHENTICATION_FAILURE: missing or unknown X-Key.'),
            413: errorResponse('VALIDATION: body too large.'),
            415: errorResponse('VALIDATION: a Content-Encoding other than identity, or a charset other than UTF-8.'),
            429: errorResponse('RATE_LIMIT: too many lookups from this address.'),
            500: errorResponse("INTERNAL_SERVER_ERROR: 'Unexpected error'."),
            502: errorResponse(
              "Upstream mode only (TRACE_UPSTREAM_URL): the brand's trace service could not be reached, reset the connection, or answered outside the contract (EndPoint is empty). Its own error bodies pass through as given, with their own status below 500 and 502 for a 5xx.",
            ),
            503: errorResponse(
              "Upstream mode only: the brand's trace service is failing and lookups fail at once for a while (EndPoint is empty).",
            ),
            504: errorResponse(
              "Upstream mode only: the brand's trace service did not answer in time (EndPoint is empty).",
            ),
          },
        },
      },
      ...gs1OpenApiPaths,
    },
  };
}
