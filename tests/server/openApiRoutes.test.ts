import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACE_API_BASE_PATH } from '../../src/contract/traceContract.ts';
import { buildOpenApiDocument } from '../../server/routes/openapi.ts';
import { startTestServer, type TestServer } from '../support/server/harness.ts';

// The service's OpenAPI document against its routes, on the real service: every route is in the document or set
// aside below with the reason, and every documented GET answers what the document says (status, content type and
// a JSON body valid against its schema). A JSON route added without its documentation fails the first test.

const API = TRACE_API_BASE_PATH;
const GTIN = '08930000000002'; // demo: SB900G, lot L2026-0612, unit 1D24B3261X54A2320
const LOT = 'L2026-0612';
const UNIT = '1D24B3261X54A2320';

/** Routes that are not the API's JSON, each with why it is not in the document. */
const NOT_DOCUMENTED: [RegExp, string][] = [
  [/^(\/|\/dt|\/\*)$/, "the page's own routes and static files (HTML, scripts, pictures)"],
  [/^\/(healthz|readyz)$/, "the load balancer's probes (server/README.md)"],
  [new RegExp(`^${API}/images/:name$`), 'product pictures (their URLs come in the answers)'],
  [new RegExp(`^${API}/openapi\\.json$`), 'this document'],
  [new RegExp(`^${API}/reports(/|$)`), "shoppers' reports and the desk's (issue 41): src/contract/reports.ts"],
];

/** What each documented GET is asked with here, and the status each request gets. */
const EXAMPLES: Record<string, [url: string, status: number, headers?: Record<string, string>][]> = {
  [`${API}/gs1/01/{gtin}`]: [
    [`${API}/gs1/01/${GTIN}`, 200],
    [`${API}/gs1/01/8930000000002`, 200],
    [`${API}/gs1/01/08930000000001`, 400],
    [`${API}/gs1/01/05412345000013`, 404],
  ],
  [`${API}/gs1/01/{gtin}/10/{lot}`]: [
    [`${API}/gs1/01/${GTIN}/10/${LOT}`, 200],
    [`${API}/gs1/01/${GTIN}/10/NO-SUCH-LOT`, 404],
  ],
  '/01/{gtin}': [
    [`/01/${GTIN}?linkType=linkset`, 200],
    [`/01/${GTIN}`, 200, { accept: 'application/ld+json' }],
    [`/01/${GTIN}`, 307],
    [`/01/${GTIN}?linkType=gs1:nosuchlt`, 404],
    ['/01/08930000000001', 400],
    ['/01/05412345000013', 404],
  ],
  '/01/{gtin}/10/{lot}': [
    [`/01/${GTIN}/10/${LOT}`, 200, { accept: 'application/json' }],
    [`/01/${GTIN}/10/${LOT}?linkType=gs1:recallStatus`, 307],
  ],
  '/01/{gtin}/21/{serial}': [[`/01/${GTIN}/21/${UNIT}`, 200, { accept: 'application/linkset+json' }]],
  '/01/{gtin}/10/{lot}/21/{serial}': [
    [`/01/${GTIN}/10/${LOT}/21/${UNIT}?linkType=all`, 200],
    [`/01/${GTIN}/10/${LOT}/21/${UNIT}/foo`, 400],
  ],
  '/.well-known/gs1resolver': [['/.well-known/gs1resolver', 200]],
};

type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
interface Operation {
  responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }>;
}
interface PathItem {
  servers?: { url: string }[];
  [method: string]: Operation | unknown;
}

/**
 * Every route of the app as [method, pattern], read from Fastify's printRoutes: each line is a node of the routes'
 * tree, its depth in the indentation, its part of the path (after its parent's), then its methods if a route ends
 * there.
 */
function routesOf(app: FastifyInstance): [string, string][] {
  const routes: [string, string][] = [];
  const parts: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const node = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!node) continue;
    parts.length = (node[1] ?? '').length / 4;
    parts.push(node[2] ?? '');
    for (const method of node[3]?.split(', ') ?? []) routes.push([method, parts.join('')]);
  }
  return routes;
}

/** The documented paths as the URLs they stand for: the document's server (or the path's own) before them. */
function documentedUrls(document: OpenApiDocument): Map<string, PathItem> {
  const paths = document.paths as Record<string, PathItem>;
  return new Map(
    Object.entries(paths).map(([path, item]) => {
      const server = (item.servers ?? document.servers)[0]?.url ?? '';
      return [`${server.replace(/\/$/, '')}${path}`, item];
    }),
  );
}

/** Whether a route's pattern (`:param`, `*`) serves a documented URL (its `{param}`s filled in). */
const serves = (pattern: string, documented: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:\w+/g, '[^/]+')
      .replace(/\*/g, '.*')}$`,
  ).test(documented.replace(/\{\w+\}/g, 'x'));

describe('the OpenAPI document against the routes', () => {
  let server: TestServer;
  const document = buildOpenApiDocument();
  const urls = documentedUrls(document);
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('documents every route but those set aside', () => {
    const routes = routesOf(server.app).filter(([method]) => method !== 'HEAD' && method !== 'OPTIONS');
    // The parse found the service's routes (printRoutes' format did not change under it).
    expect(routes).toContainEqual(['POST', `${API}/qr/trace`]);
    expect(routes).toContainEqual(['GET', '/01/*']);
    const missing = routes.filter(
      ([method, pattern]) =>
        !NOT_DOCUMENTED.some(([set]) => set.test(pattern)) &&
        ![...urls].some(([url, item]) => method.toLowerCase() in item && serves(pattern, url)),
    );
    expect(missing, 'routes the OpenAPI document lacks').toEqual([]);
  });

  it('has an example here for every documented GET', () => {
    const gets = [...urls].filter(([, item]) => 'get' in item).map(([url]) => url);
    expect(gets.sort()).toEqual(Object.keys(EXAMPLES).sort());
  });

  it('answers each documented GET as the document says: status, content type, JSON body by its schema', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema(document, 'openapi');
    for (const [documented, examples] of Object.entries(EXAMPLES)) {
      const operation = urls.get(documented)?.get as Operation;
      for (const [url, status, headers] of examples) {
        const response = await fetch(`${server.url}${url}`, { headers, redirect: 'manual' });
        const label = `GET ${url} ${JSON.stringify(headers ?? {})}`;
        expect(response.status, label).toBe(status);
        const documentedResponse = operation.responses[String(status)];
        expect(documentedResponse, `${label}: status ${status} documented`).toBeDefined();
        const type = (response.headers.get('content-type') ?? '').split(';')[0] ?? '';
        const body = await response.text();
        if (documentedResponse?.content === undefined) {
          expect(body, `${label}: no body documented`).toBe('');
          continue;
        }
        const content = documentedResponse.content[type];
        expect(content, `${label}: ${type} documented`).toBeDefined();
        const validate = ajv.getSchema(`openapi${content?.schema.$ref}`);
        expect(validate?.(JSON.parse(body)), `${label}: ${JSON.stringify(validate?.errors)}`).toBe(true);
      }
    }
  });
});
