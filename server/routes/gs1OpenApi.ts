// The GS1 Digital Link part of the OpenAPI document (issue 39): the product's and the lot's JSON below the API's
// path (gs1Data.ts), and at the host's root the resolver's linkset and its description (gs1Resolver.ts). As the
// routes answer them; tests/server/openApiRoutes.test.ts requests each documented path and checks the answers
// against these schemas, and that no JSON route is left out.
import {
  GS1_LOT_PATH,
  GS1_PRODUCT_PATH,
  type Gs1LotBody,
  type Gs1ProductBody,
} from '../../src/contract/gs1/gs1Contract.ts';
import { RESOLVER_DESCRIPTION_PATH } from './gs1Resolver.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: string) => ({ 'application/json': { schema: ref(name) } });
const error = (description: string) => ({ description, content: json('TraceErrorBody') });
const wireValue = { type: ['string', 'number', 'null'] } as const;

const gtinParameter = {
  name: 'gtin',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^(\\d{8}|\\d{12,14})$' },
  description: 'A GTIN-8, -12, -13 or -14 with a valid check digit; answered as its 14 digits.',
  example: '08930000000002',
} as const;
const lotParameter = {
  name: 'lot',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description: "The lot's code as its Digital Link writes it (AI 10), percent-encoded.",
  example: 'L2026-0612',
} as const;
const serialParameter = {
  name: 'serial',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description: "The unit's serial (AI 21): the trace code printed on it.",
  example: '1D24B3261X54A2320',
} as const;

export const gs1ProductSchema = {
  type: 'object',
  required: ['Gtin', 'ProductCode', 'ProductName', 'ProductUnits'] satisfies (keyof Gs1ProductBody)[],
  properties: {
    Gtin: { type: 'string', pattern: '^\\d{14}$' },
    ProductCode: { type: 'string' },
    ProductName: wireValue,
    ProductUnits: {
      type: 'array',
      items: { type: 'string' },
      description: 'The packaging units the product is sold in, as the catalogue names them.',
    },
    ImageUrl: { type: ['string', 'null'], description: 'Optional. A picture of the product.' },
    PipUrl: {
      type: ['string', 'null'],
      description: "Optional. The brand's product page (GS1_PIP_URL), where one is configured.",
    },
  } satisfies Record<keyof Gs1ProductBody, unknown>,
} as const;

export const gs1LotSchema = {
  type: 'object',
  required: [
    'Gtin',
    'Lot',
    'ProductCode',
    'ProductName',
    'ProductDate',
    'ExpireDate',
    'LotStatus',
  ] satisfies (keyof Gs1LotBody)[],
  properties: {
    Gtin: { type: 'string', pattern: '^\\d{14}$' },
    Lot: { type: 'string' },
    ProductCode: { type: 'string' },
    ProductName: wireValue,
    ProductDate: { ...wireValue, description: 'YYYY-MM-DD' },
    ExpireDate: { ...wireValue, description: 'YYYY-MM-DD' },
    LotStatus: {
      type: ['string', 'null'],
      enum: ['active', 'recalled', null],
      description: "'recalled' when the brand has called the lot back; null when the import did not say.",
    },
    RecallReason: { type: ['string', 'null'], description: 'Optional. Why the lot was recalled.' },
  } satisfies Record<keyof Gs1LotBody, unknown>,
} as const;

/** RFC 9264's linkset in GS1's profile (server/gs1/resolverLinks.ts, linkset). */
const gs1LinksetSchema = {
  type: 'object',
  required: ['linkset'],
  properties: {
    '@context': { type: 'string', description: "GS1's JSON-LD context, when application/ld+json was asked for." },
    linkset: {
      type: 'array',
      description: 'One object per level the link names, the most granular first (unit, lot, product).',
      items: {
        type: 'object',
        required: ['anchor'],
        properties: {
          anchor: { type: 'string', description: "The level's uncompressed Digital Link on this host." },
          itemDescription: { type: 'string' },
        },
        // Each other member is a GS1 link type's URI (https://ref.gs1.org/voc/…) and its one link.
        additionalProperties: {
          type: 'array',
          items: {
            type: 'object',
            required: ['href', 'title'],
            properties: {
              href: { type: 'string' },
              title: { type: 'string' },
              type: { type: 'string' },
              hreflang: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
    },
  },
} as const;

/** GS1-Conformant Resolver 1.2, section 3 (gs1Resolver.ts, resolverDescription). */
const gs1ResolverDescriptionSchema = {
  type: 'object',
  required: ['name', 'resolverRoot', 'supportedPrimaryKeys', 'supportedLinkType', 'linkTypeDefaultCanBeLinkset'],
  properties: {
    name: { type: 'string', description: "The brand's name (the page's VITE_BRAND_NAME) and what this is." },
    resolverRoot: { type: 'string', description: 'PUBLIC_ORIGIN, or / without it.' },
    supportedPrimaryKeys: { type: 'array', items: { type: 'string' } },
    supportedLinkType: {
      type: 'array',
      items: {
        type: 'object',
        required: ['namespace', 'prefix'],
        properties: { namespace: { type: 'string' }, prefix: { type: 'string' } },
      },
    },
    linkTypeDefaultCanBeLinkset: { type: 'boolean' },
    jsonLdContextLocation: { type: 'string' },
  },
} as const;

export const gs1OpenApiSchemas = {
  Gs1Product: gs1ProductSchema,
  Gs1Lot: gs1LotSchema,
  Gs1Linkset: gs1LinksetSchema,
  Gs1ResolverDescription: gs1ResolverDescriptionSchema,
};

/** The JSON routes are public: no X-Key, CORS for any site, from the client's lookup budget. */
const PUBLIC = { security: [] };
const RATE_LIMITED = error("RATE_LIMIT: too many requests from this address (the lookups' budget).");
const FAILED = error("INTERNAL_SERVER_ERROR: 'Unexpected error'.");

/** The product's and the lot's JSON, below the API's path (the document's server). */
const dataPaths = {
  [GS1_PRODUCT_PATH]: {
    get: {
      operationId: 'gs1Product',
      summary: "A product by its GTIN (the resolver's gs1:masterData link)",
      ...PUBLIC,
      parameters: [gtinParameter],
      responses: {
        200: { description: "The product's catalogue fields.", content: json('Gs1Product') },
        400: error('VALIDATION: not a GTIN with a valid check digit.'),
        404: error('NOT_FOUND: no product with this GTIN.'),
        429: RATE_LIMITED,
        500: FAILED,
      },
    },
  },
  [GS1_LOT_PATH]: {
    get: {
      operationId: 'gs1Lot',
      summary: "A lot's status (the resolver's gs1:recallStatus link)",
      ...PUBLIC,
      parameters: [gtinParameter, lotParameter],
      responses: {
        200: { description: "The lot's product, dates and status.", content: json('Gs1Lot') },
        400: error('VALIDATION: not a GTIN with a valid check digit.'),
        404: error('NOT_FOUND: no such lot of this GTIN.'),
        429: RATE_LIMITED,
        500: FAILED,
      },
    },
  },
};

/** The resolver answers at the host's root, not below the API's path. */
const ROOT = { servers: [{ url: '/', description: "The service's root: where printed Digital Links point" }] };

const linksetContent = {
  'application/linkset+json': { schema: ref('Gs1Linkset') },
  'application/json': { schema: ref('Gs1Linkset') },
  'application/ld+json': { schema: ref('Gs1Linkset') },
};

const resolverGet = (operationId: string, level: string) => ({
  get: {
    operationId,
    summary: `A GS1 Digital Link naming ${level}: its links (the linkset) or a redirect to one`,
    description:
      "A browser asking for text/html gets the page at this address, rendered by the service. A client asking for the linkset (linkType=linkset or all, or Accept: application/linkset+json, application/json or application/ld+json) gets it; a linkType gets a 307 to that link; anything else a 307 to the default link, the request's query passed on. Every answer carries a Link header to the linkset; HEAD and OPTIONS are answered too, with CORS for any site. A compressed Digital Link at the root (/{compressed}) is answered as its long form.",
    ...PUBLIC,
    parameters: [
      {
        name: 'linkType',
        in: 'query',
        required: false,
        schema: { type: 'string' },
        description: 'linkset or all for the linkset; a GS1 link type (gs1:pip, gs1:recallStatus, …) for a 307 to it.',
      },
    ],
    responses: {
      200: {
        description: "The linkset (RFC 9264, GS1's profile); for a browser, the page.",
        content: { ...linksetContent, 'text/html': { schema: { type: 'string' } } },
      },
      307: {
        description: 'To the link the request asks for, or the default link.',
        headers: { Location: { schema: { type: 'string' } } },
      },
      400: error('VALIDATION: not a valid GS1 Digital Link (path, check digit, AI, characters), with the reason.'),
      404: error('NOT_FOUND: a GTIN the service does not know, or no link of the asked type.'),
      429: RATE_LIMITED,
      500: FAILED,
    },
  },
});

const resolverPaths = {
  '/01/{gtin}': {
    ...ROOT,
    parameters: [gtinParameter],
    ...resolverGet('gs1ResolveProduct', 'a product'),
  },
  '/01/{gtin}/10/{lot}': {
    ...ROOT,
    parameters: [gtinParameter, lotParameter],
    ...resolverGet('gs1ResolveLot', 'a lot'),
  },
  '/01/{gtin}/21/{serial}': {
    ...ROOT,
    parameters: [gtinParameter, serialParameter],
    ...resolverGet('gs1ResolveUnit', 'a unit'),
  },
  '/01/{gtin}/10/{lot}/21/{serial}': {
    ...ROOT,
    parameters: [gtinParameter, lotParameter, serialParameter],
    ...resolverGet('gs1ResolveUnitOfLot', 'a unit and its lot'),
  },
  [RESOLVER_DESCRIPTION_PATH]: {
    ...ROOT,
    get: {
      operationId: 'gs1ResolverDescription',
      summary: "The resolver's description (GS1-Conformant Resolver 1.2)",
      ...PUBLIC,
      responses: { 200: { description: 'What this resolver supports.', content: json('Gs1ResolverDescription') } },
    },
  },
};

export const gs1OpenApiPaths = { ...dataPaths, ...resolverPaths };
