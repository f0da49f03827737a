import { describe, expect, it } from 'vitest';
import { toTraceFailure } from '@/api/traceFailure';
import { pickTraceResult } from '@/api/traceResult';

describe('toTraceFailure', () => {
  it('names the code and endpoint of an error body', () => {
    const data = { error: 'AUTHENTICATION_FAILURE', Message: 'Invalid key', status: 401, EndPoint: '/qrinfo-svc/api/qr/trace' };
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
    ['a proxy HTML page', { status: 'PARSING_ERROR', originalStatus: 502, data: '<html>Bad gateway</html>', error: 'x' }],
    ['the network down', { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }],
    ['no answer in time', { status: 'TIMEOUT_ERROR', error: 'AbortError' }],
  ] as const)('%s is a plain system error', (_, error) => {
    expect(toTraceFailure(error)).toEqual({ key: 'errors.systemError' });
  });
});

describe('pickTraceResult', () => {
  const product = { Code: 'P' };
  const box = { Code: 'B' };

  it('prefers the first box over the first product', () => {
    expect(pickTraceResult({ Data: { Products: [product], Box: [box, { Code: 'B2' }] } })).toEqual({ kind: 'box', box });
  });

  it('returns the first product when there is no box', () => {
    expect(pickTraceResult({ Data: { Products: [product, { Code: 'P2' }], Box: [] } })).toEqual({ kind: 'product', product });
  });

  it.each([null, '', {}, { Data: null }, { Data: { Products: [], Box: [] } }, { Data: { Products: [null] } }])(
    '%j means no products',
    (body) => {
      expect(pickTraceResult(body)).toBeNull();
    },
  );
});
