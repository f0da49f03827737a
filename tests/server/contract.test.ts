import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TraceResponse } from '../../src/contract/traceContract.ts';
import { DEMO_DATA } from '../../server/main.ts';
import { buildOpenApiDocument } from '../../server/routes/openapi.ts';
import { BACKENDS, type TestDatabase } from '../support/server/backends.ts';
import { startTestServer, TRACE_URL_PATH, type TestServer } from '../support/server/harness.ts';

const VALIDATION_400 = { error: 'VALIDATION', status: 400, EndPoint: TRACE_URL_PATH };

describe.each(BACKENDS)('POST /qrinfo-svc/api/qr/trace on $name', (backend) => {
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await backend.create();
    server = await startTestServer({ ...database.env, TRACE_API_KEYS: 'demo-key-change-me, second-key' });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('answers a unit code with Data.Products only, fields as the specification writes them', async () => {
    const response = await server.trace({ QrCode: '1D24B3261X54A2320' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      Data: {
        Products: [
          {
            Code: '1D24B3261X54A2320',
            ProductUnit: 'lon',
            ProductCode: 'SB900G',
            ProductName: 'Sữa bột Đồng Xanh Gold 900g',
            Weight: 900,
            WeightType: 'gam',
            ProductDate: '2026-06-12',
            ExpireDate: '2028-06-12',
            LotStatus: 'active',
            ImageUrl: expect.stringMatching(/^\/qrinfo-svc\/api\/images\/[0-9a-f]{32}\.svg$/),
            // The product's GTIN and the lot's code (issue 39), as the import read them.
            Gtin: '08930000000002',
            Lot: 'L2026-0612',
          },
        ],
        Box: [],
      },
      // The first shopper's lookup of the code (issue 26).
      Checks: { FirstDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), Lookups: 1, Networks: 1, Caution: false },
    });
  });

  it('answers a carton code with Data.Box only, including TotalPacket', async () => {
    const response = await server.trace({ QrCode: 'TH26A1105C48B0001' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      Data: {
        Products: [],
        Box: [
          {
            Code: 'TH26A1105C48B0001',
            ProductUnit: 'thùng',
            ProductCode: 'ST180ID',
            ProductName: 'Sữa tươi tiệt trùng ít đường 180ml',
            ProductDate: '2026-11-05',
            ExpireDate: '2027-05-05',
            TotalPacket: 48,
            LotStatus: 'active',
            ImageUrl: expect.stringMatching(/^\/qrinfo-svc\/api\/images\/[0-9a-f]{32}\.svg$/),
            Gtin: '18930000000016',
            Lot: 'L2026-1105',
            UnitCodes: Array.from({ length: 12 }, (_, i) => `HP26A1105C48B${String(i + 1).padStart(4, '0')}`),
          },
        ],
      },
      Checks: { FirstDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), Lookups: 1, Networks: 1, Caution: false },
    });
  });

  it("answers a unit packed in a carton with the carton's code and unit count", async () => {
    const body = (await (await server.trace({ QrCode: 'HP26A1105C48B0003' })).json()) as TraceResponse;
    expect(body.Data.Products[0]).toMatchObject({
      Code: 'HP26A1105C48B0003',
      CartonCode: 'TH26A1105C48B0001',
      CartonTotalPacket: 48,
    });
  });

  it("answers a unit of a recalled lot with the lot's status and reason", async () => {
    const body = (await (await server.trace({ QrCode: 'SC26A0815R85X00031' })).json()) as TraceResponse;
    expect(body.Data.Products[0]).toMatchObject({
      LotStatus: 'recalled',
      RecallReason: expect.stringContaining('hở nắp'),
    });
  });

  it('sends none of the optional fields where the data has none of them', async () => {
    const body = (await (await server.trace({ QrCode: 'NV26A1120Z00X0009' })).json()) as TraceResponse;
    expect(Object.keys(body.Data.Products[0] ?? {})).toEqual([
      'Code',
      'ProductUnit',
      'ProductCode',
      'ProductName',
      'Weight',
      'WeightType',
      'ProductDate',
      'ExpireDate',
    ]);
  });

  it("serves a product's picture where the answer points, kept for a year, and nothing for any other name", async () => {
    const body = (await (await server.trace({ QrCode: '1D24B3261X54A2320' })).json()) as TraceResponse;
    const url = `${server.url}${body.Data.Products[0]?.ImageUrl}`;
    const picture = await fetch(url);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/svg+xml');
    expect(picture.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(picture.headers.get('content-security-policy')).toContain('sandbox');
    expect(await picture.text()).toBe(
      readFileSync(new URL('../../server/seed/images/sb900g-lon.svg', import.meta.url), 'utf8'),
    );
    const etag = picture.headers.get('etag') ?? '';
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      expect((await fetch(url, { headers: { 'if-none-match': ifNoneMatch } })).status, ifNoneMatch).toBe(304);
    }
    expect((await fetch(url, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
    for (const name of ['0123456789abcdef0123456789abcdef.svg', '..%2Fdemo.json', 'x.svg']) {
      const missing = await fetch(`${server.url}/qrinfo-svc/api/images/${name}`);
      expect(missing.status, name).toBe(404);
      expect(await missing.json()).toMatchObject({ error: 'NOT_FOUND', status: 404 });
    }
  });

  it('sends empty values as null and answers every demo code in the list its unit calls for', async () => {
    const demo = JSON.parse(readFileSync(DEMO_DATA, 'utf8')) as { code: string; productUnit: string }[];
    for (const row of demo) {
      const body = (await (await server.trace({ QrCode: row.code })).json()) as {
        Data: { Products: { Code: string }[]; Box: { Code: string }[] };
      };
      const list = row.productUnit === 'thùng' ? body.Data.Box : body.Data.Products;
      expect(
        list.map((item) => item.Code),
        row.code,
      ).toEqual([row.code]);
    }
    const empty = (await (await server.trace({ QrCode: 'NV26A1120Z00X0009' })).json()) as TraceResponse;
    expect(empty.Data.Products[0]).toMatchObject({
      ProductName: null,
      Weight: null,
      WeightType: null,
      ExpireDate: null,
    });
  });

  it('matches codes case-insensitively after trimming', async () => {
    const response = await server.trace({ QrCode: '  1d24b3261x54a2320\t' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as TraceResponse).Data.Products[0]?.Code).toBe('1D24B3261X54A2320');
  });

  it('answers an unknown code with 204 and an empty body', async () => {
    const response = await server.trace({ QrCode: 'ZZZZZZZZZZZZZZZZZ' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it('accepts any configured key and rejects a missing or unknown X-Key with 401', async () => {
    expect((await server.trace({ QrCode: '1D24B3261X54A2320' }, { 'X-Key': 'second-key' })).status).toBe(200);
    for (const key of ['', 'wrong-key', 'DEMO-KEY-CHANGE-ME']) {
      const response = await server.trace({ QrCode: '1D24B3261X54A2320' }, { 'X-Key': key });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: 'AUTHENTICATION_FAILURE',
        Message: 'Missing or unknown X-Key header',
        status: 401,
        EndPoint: TRACE_URL_PATH,
      });
    }
  });

  it.each([
    ['no body', undefined],
    ['an empty body', ''],
    ['broken JSON', '{"QrCode": '],
    ['a JSON string', '"1D24B3261X54A2320"'],
    ['a JSON array', '["1D24B3261X54A2320"]'],
    ['null', 'null'],
    ['no QrCode', '{}'],
    ['a number QrCode', '{"QrCode": 12345678901234567}'],
    ['a null QrCode', '{"QrCode": null}'],
    ['a 16-character code', '{"QrCode": "1D24B3261X54A232"}'],
    ['a 19-character code', '{"QrCode": "1D24B3261X54A232000"}'],
    ['a code with a dash', '{"QrCode": "1D24B3261X54-2320"}'],
    ['a code with a Vietnamese letter', '{"QrCode": "1D24B3261X54Đ2320"}'],
    ['a code with inner spaces', '{"QrCode": "1D24B3261 X54A2320"}'],
  ])('rejects %s with 400 VALIDATION', async (_name, body) => {
    const response = await server.trace(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject(VALIDATION_400);
  });

  it('rejects a body that is not JSON at all (other content type) with 400 VALIDATION', async () => {
    const response = await server.trace('1D24B3261X54A2320', { 'content-type': 'text/plain' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject(VALIDATION_400);
  });

  it('rejects an oversized body with the error body', async () => {
    const response = await server.trace({ QrCode: '1D24B3261X54A2320', padding: 'x'.repeat(10_000) });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'VALIDATION', status: 413, EndPoint: TRACE_URL_PATH });
  });

  it('serves the OpenAPI document built from the contract schemas', async () => {
    const response = await fetch(`${server.url}/qrinfo-svc/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as ReturnType<typeof buildOpenApiDocument>;
    expect(document.openapi).toBe('3.1.0');
    // The lookup, then GS1 Digital Link's JSON (issue 39): tests/server/openApiRoutes.test.ts checks them all.
    expect(Object.keys(document.paths)).toEqual([
      '/qr/trace',
      '/gs1/01/{gtin}',
      '/gs1/01/{gtin}/10/{lot}',
      '/01/{gtin}',
      '/01/{gtin}/10/{lot}',
      '/01/{gtin}/21/{serial}',
      '/01/{gtin}/10/{lot}/21/{serial}',
      '/.well-known/gs1resolver',
    ]);
    expect(document.servers[0]?.url).toBe('/qrinfo-svc/api');
    expect(document.components.schemas.TraceResponse.properties.Data.properties.Box.items.required).toContain(
      'TotalPacket',
    );
    expect(document.components.securitySchemes.apiKey).toEqual({ type: 'apiKey', in: 'header', name: 'X-Key' });
    // Issue 26: the purpose a client declares to stay out of the counts.
    expect(document.paths['/qr/trace'].post.parameters).toEqual([
      expect.objectContaining({
        name: 'X-Lookup-Purpose',
        in: 'header',
        required: false,
        schema: { type: 'string', enum: ['staff', 'recheck'] },
      }),
    ]);
  });
});
