import { describe, expect, it } from 'vitest';
import { retryAfterSeconds, toTraceFailure } from '@/api/traceFailure';
import {
  UNITS_INLINE_MAX,
  UNITS_SHOWN_FIRST,
  imageUrlOf,
  pickTraceResult,
  productName,
  traceItem,
  unitsForPage,
} from '@/api/traceResult';

describe('toTraceFailure', () => {
  it('names the code and endpoint of an error body', () => {
    const data = {
      error: 'AUTHENTICATION_FAILURE',
      Message: 'Invalid key',
      status: 401,
      EndPoint: '/qrinfo-svc/api/qr/trace',
    };
    expect(toTraceFailure({ status: 401, data })).toEqual({
      key: 'errors.systemErrorAt',
      params: { code: '401', endpoint: '/qrinfo-svc/api/qr/trace' },
    });
  });

  it("takes the body's status over the HTTP status", () => {
    const data = { error: 'VALIDATION', Message: 'x', status: 422, EndPoint: '/x' };
    expect(toTraceFailure({ status: 400, data })).toMatchObject({ params: { code: '422' } });
  });

  it('falls back to the HTTP status when the body has none', () => {
    expect(toTraceFailure({ status: 503, data: { EndPoint: '/x' } })).toMatchObject({ params: { code: '503' } });
  });

  it.each([
    ['a 500 without a body', { status: 500, data: null }],
    ['an error body without an endpoint', { status: 500, data: { error: 'INTERNAL_SERVER_ERROR', status: 500 } }],
    ['a blank endpoint', { status: 500, data: { EndPoint: '  ', status: 500 } }],
    [
      'a proxy HTML page',
      { status: 'PARSING_ERROR', originalStatus: 502, data: '<html>Bad gateway</html>', error: 'x' },
    ],
    ['the network down', { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }],
    ['no answer in time', { status: 'TIMEOUT_ERROR', error: 'AbortError' }],
  ] as const)('%s is a plain system error', (_, error) => {
    expect(toTraceFailure(error)).toEqual({ key: 'errors.systemError' });
  });
});

describe('a 429', () => {
  const body = { error: 'RATE_LIMIT', status: 429, EndPoint: '/qrinfo-svc/api/qr/trace' };
  const refused = (retryAfter?: string) =>
    new Response(null, { status: 429, headers: retryAfter ? { 'Retry-After': retryAfter } : {} });

  it("keeps the shown message and carries the service's wait", () => {
    expect(toTraceFailure({ status: 429, data: body }, refused('7'))).toEqual({
      key: 'errors.systemErrorAt',
      params: { code: '429', endpoint: '/qrinfo-svc/api/qr/trace' },
      rateLimited: { retryAfterSeconds: 7 },
    });
  });

  it('without an error body or a Retry-After is still known as rate limited', () => {
    expect(toTraceFailure({ status: 429, data: '<html>slow down</html>' }, refused())).toEqual({
      key: 'errors.systemError',
      rateLimited: { retryAfterSeconds: null },
    });
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Mon, 23 Nov 2026 10:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('Mon, 23 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds(null, now)).toBeNull();
  });
});

describe('pickTraceResult', () => {
  const product = { Code: 'P' };
  const box = { Code: 'B' };

  it('prefers the first box over the first product', () => {
    expect(pickTraceResult({ Data: { Products: [product], Box: [box, { Code: 'B2' }] } })).toMatchObject({
      kind: 'box',
      box,
    });
  });

  it('returns the first product when there is no box', () => {
    expect(pickTraceResult({ Data: { Products: [product, { Code: 'P2' }], Box: [] } })).toMatchObject({
      kind: 'product',
      product,
    });
  });

  it.each([null, '', {}, { Data: null }, { Data: { Products: [], Box: [] } }, { Data: { Products: [null] } }])(
    '%j means no products',
    (body) => {
      expect(pickTraceResult(body)).toBeNull();
    },
  );
});

describe("pickTraceResult's optional fields", () => {
  const unit = { Code: '1D24B3261X54A2320' };
  const carton = { Code: 'TH26A1105C48B0001' };

  it('are empty when the service sends none (the page it always gave)', () => {
    expect(pickTraceResult({ Data: { Products: [unit], Box: [] } })?.extras).toEqual({
      lot: null,
      imageUrl: null,
      carton: null,
      unitCodes: [],
    });
  });

  it("map a unit's carton, its lot's recall and its picture", () => {
    const body = {
      Data: {
        Products: [
          {
            ...unit,
            CartonCode: 'TH26A1105C48B0001',
            CartonTotalPacket: 48,
            LotStatus: 'recalled',
            RecallReason: ' Bao bì lỗi ',
            ImageUrl: '/products/sb900g.svg',
          },
        ],
        Box: [],
      },
    };
    expect(pickTraceResult(body)?.extras).toEqual({
      lot: { status: 'recalled', reason: 'Bao bì lỗi' },
      imageUrl: '/products/sb900g.svg',
      carton: { code: 'TH26A1105C48B0001', unitCount: 48 },
      unitCodes: [],
    });
  });

  it("map a carton's unit codes, dropping anything that is not a code", () => {
    const body = {
      Data: {
        Products: [],
        Box: [
          {
            ...carton,
            UnitCodes: ['HP26A1105C48B0001', 'bad code', 7, null, 'HP26A1105C48B0002'],
            LotStatus: 'active',
          },
        ],
      },
    };
    const result = pickTraceResult(body);
    expect(result?.extras).toMatchObject({
      lot: { status: 'active', reason: null },
      unitCodes: ['HP26A1105C48B0001', 'HP26A1105C48B0002'],
    });
    // Once: the box keeps none of its own (a carton's page state held 50,000 codes twice).
    expect(result?.kind === 'box' && result.box).not.toHaveProperty('UnitCodes');
    expect(result?.kind === 'box' && result.box).toMatchObject({ Code: carton.Code });
  });

  it.each([
    ['an unknown lot status', { LotStatus: 'maybe' }, { lot: null }],
    ['a script URL as picture', { ImageUrl: 'javascript:alert(1)' }, { imageUrl: null }],
    ['a protocol-relative picture', { ImageUrl: '//evil.example/x.png' }, { imageUrl: null }],
    [
      'an absolute https picture',
      { ImageUrl: 'https://cdn.example.com/x.webp' },
      { imageUrl: 'https://cdn.example.com/x.webp' },
    ],
    ['a carton code that is not a code', { CartonCode: 'thùng 1' }, { carton: null }],
    [
      'a carton count that is not a count',
      { CartonCode: 'TH26A1105C48B0001', CartonTotalPacket: '48' },
      { carton: { code: 'TH26A1105C48B0001', unitCount: null } },
    ],
  ])('treat %s as not sent', (_, fields, expected) => {
    expect(pickTraceResult({ Data: { Products: [{ ...unit, ...fields }], Box: [] } })?.extras).toMatchObject(expected);
  });
});

describe("a carton's unit codes in a server-rendered page (unitsForPage)", () => {
  const cartonOf = (count: number) =>
    pickTraceResult({
      Data: {
        Products: [],
        Box: [
          {
            Code: 'TH26A1105C48B0001',
            UnitCodes: Array.from({ length: count }, (_, i) => `HP26A1105C48U${String(i).padStart(5, '0')}`),
          },
        ],
      },
    })!;

  it.each([48, UNITS_INLINE_MAX])('keeps a carton of %i codes whole: its "Show all" needs no lookup', (count) => {
    const result = cartonOf(count);
    expect(unitsForPage(result)).toBe(result);
    expect(unitsForPage(result).extras.unitTotal).toBeUndefined();
  });

  it.each([UNITS_INLINE_MAX + 1, 50_000])('keeps the listed codes of a carton of %i and their number', (count) => {
    const result = cartonOf(count);
    const bounded = unitsForPage(result);
    expect(bounded.extras.unitCodes).toEqual(result.extras.unitCodes.slice(0, UNITS_SHOWN_FIRST));
    expect(bounded.extras.unitTotal).toBe(count);
    expect(Object.isFrozen(bounded.extras.unitCodes)).toBe(true);
    // The answer as read (shared with the render cache) keeps every code.
    expect(result.extras.unitCodes).toHaveLength(count);
    expect(result.extras.unitTotal).toBeUndefined();
  });

  it('leaves a unit as it is', () => {
    const unit = pickTraceResult({ Data: { Products: [{ Code: '1D24B3261X54A2320' }], Box: [] } })!;
    expect(unitsForPage(unit)).toBe(unit);
  });
});

describe('imageUrlOf', () => {
  it("keeps a path on the page's own origin when the trace service is there too", () => {
    expect(imageUrlOf('/qrinfo-svc/api/images/0123456789abcdef0123456789abcdef.svg', null)).toBe(
      '/qrinfo-svc/api/images/0123456789abcdef0123456789abcdef.svg',
    );
  });

  it('puts a path on the trace service when the build names another origin for it', () => {
    expect(imageUrlOf('/qrinfo-svc/api/images/a.png', 'https://trace.example.com')).toBe(
      'https://trace.example.com/qrinfo-svc/api/images/a.png',
    );
    expect(imageUrlOf('https://cdn.example.com/x.webp', 'https://trace.example.com')).toBe(
      'https://cdn.example.com/x.webp',
    );
    expect(imageUrlOf('//evil.example/x.png', 'https://trace.example.com')).toBeNull();
  });
});

describe('the item and its name', () => {
  const answerWith = (item: Record<string, unknown>, kind: 'Box' | 'Products') => {
    const result = pickTraceResult({ Data: { Box: [], Products: [], [kind]: [item] } });
    if (!result) throw new Error('no result');
    return result;
  };

  it('is the carton for a carton and the unit for a unit', () => {
    expect(traceItem(answerWith({ Code: 'C', ProductName: 'Thùng sữa' }, 'Box'))).toMatchObject({ Code: 'C' });
    expect(traceItem(answerWith({ Code: 'U', ProductName: 'Lon sữa' }, 'Products'))).toMatchObject({ Code: 'U' });
  });

  it.each([
    [' Sữa bột Gold ', 'Sữa bột Gold'],
    [1990, '1990'],
    ['   ', null],
    [null, null],
    [undefined, null],
  ])('reads %j as the name %j, the same for a carton and a unit', (given, name) => {
    expect(productName(answerWith({ ProductName: given }, 'Box'))).toBe(name);
    expect(productName(answerWith({ ProductName: given }, 'Products'))).toBe(name);
  });
});
