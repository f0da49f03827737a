import { HttpResponse, delay, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { traceApi } from '@/api/traceApi';
import { makeStore } from '@/store/store';
import { TRACE_API_KEY } from '@/config';
import { CARTON_CODE, EXAMPLE_CODE, UNKNOWN_CODE, errorBody } from '../../support/mocks/fixtures';
import { TRACE_URL } from '../../support/mocks/handlers';
import { server } from '../../support/mocks/node';

async function trace(code: string) {
  const store = makeStore();
  return store.dispatch(traceApi.endpoints.trace.initiate(code));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the trace mutation', () => {
  it('posts the code as JSON with the client key', async () => {
    const seen: Request[] = [];
    server.events.on('request:start', ({ request }) => void seen.push(request.clone()));
    await trace(EXAMPLE_CODE);
    server.events.removeAllListeners();
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('http://localhost:3000/qrinfo-svc/api/qr/trace');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.headers.get('X-Key')).toBe(TRACE_API_KEY);
    expect(await request.json()).toEqual({ QrCode: EXAMPLE_CODE });
  });

  it('returns the product of a unit code', async () => {
    const result = await trace(EXAMPLE_CODE);
    expect(result.data).toMatchObject({ kind: 'product', product: { Code: EXAMPLE_CODE, ProductUnit: 'lon' } });
  });

  it('returns the box of a carton code', async () => {
    const result = await trace(CARTON_CODE);
    expect(result.data).toMatchObject({ kind: 'box', box: { Code: CARTON_CODE, TotalPacket: 48 } });
  });

  it('maps HTTP 204 to No products found', async () => {
    expect((await trace(UNKNOWN_CODE)).error).toEqual({ key: 'errors.noProducts' });
  });

  it('maps an answer with neither product nor box to No products found', async () => {
    server.use(http.post(TRACE_URL, () => HttpResponse.json({ Data: { Products: [], Box: [] } })));
    expect((await trace(EXAMPLE_CODE)).error).toEqual({ key: 'errors.noProducts' });
  });

  it('maps an error body to the code and endpoint it names', async () => {
    server.use(
      http.post(TRACE_URL, () =>
        HttpResponse.json(errorBody(401, 'AUTHENTICATION_FAILURE', 'Invalid key'), { status: 401 }),
      ),
    );
    expect((await trace(EXAMPLE_CODE)).error).toEqual({
      key: 'errors.systemErrorAt',
      params: { code: '401', endpoint: '/qrinfo-svc/api/qr/trace' },
    });
  });

  it("maps a proxy's HTML error page to System error!", async () => {
    server.use(
      http.post(
        TRACE_URL,
        () =>
          new HttpResponse('<html><body>502 Bad Gateway</body></html>', {
            status: 502,
            headers: { 'Content-Type': 'text/html' },
          }),
      ),
    );
    expect((await trace(EXAMPLE_CODE)).error).toEqual({ key: 'errors.systemError' });
  });

  it('maps a 5xx without a body to System error!', async () => {
    server.use(http.post(TRACE_URL, () => new HttpResponse(null, { status: 503 })));
    expect((await trace(EXAMPLE_CODE)).error).toEqual({ key: 'errors.systemError' });
  });

  it('maps a 200 that is not JSON to System error!', async () => {
    server.use(
      http.post(
        TRACE_URL,
        () => new HttpResponse('<html>captive portal</html>', { headers: { 'Content-Type': 'text/html' } }),
      ),
    );
    expect((await trace(EXAMPLE_CODE)).error).toEqual({ key: 'errors.systemError' });
  });

  it('maps the network being down to System error!', async () => {
    server.use(http.post(TRACE_URL, () => HttpResponse.error()));
    expect((await trace(EXAMPLE_CODE)).error).toEqual({ key: 'errors.systemError' });
  });

  it('gives up after 15 s without an answer, with System error!', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(
      http.post(TRACE_URL, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const pending = trace(EXAMPLE_CODE);
    await vi.advanceTimersByTimeAsync(14_900);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect((await pending).error).toEqual({ key: 'errors.systemError' });
  });

  it('keeps only serializable, translated-later keys in the store', async () => {
    const store = makeStore();
    await store.dispatch(traceApi.endpoints.trace.initiate(UNKNOWN_CODE));
    const mutations = Object.values(store.getState().traceApi.mutations);
    expect(mutations).toHaveLength(1);
    expect(mutations[0]).toMatchObject({ status: 'rejected', error: { key: 'errors.noProducts' } });
    expect(JSON.parse(JSON.stringify(store.getState()))).toEqual(store.getState());
  });
});

describe("lookups that are not a shopper's", () => {
  function purposesSent(): (string | null)[] {
    const purposes: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => void purposes.push(request.headers.get('X-Lookup-Purpose')));
    return purposes;
  }

  it('say why they are made, so the service does not count them', async () => {
    const purposes = purposesSent();
    const store = makeStore();
    const staff = await store.dispatch(traceApi.endpoints.traceFor.initiate({ code: EXAMPLE_CODE, purpose: 'staff' }));
    await store.dispatch(traceApi.endpoints.traceFor.initiate({ code: EXAMPLE_CODE, purpose: 'recheck' }));
    expect(purposes).toEqual(['staff', 'recheck']);
    expect(staff.data).toMatchObject({ kind: 'product', product: { Code: EXAMPLE_CODE } });
  });

  it("leave a shopper's own lookup without a purpose", async () => {
    const purposes = purposesSent();
    await trace(EXAMPLE_CODE);
    expect(purposes).toEqual([null]);
  });

  it("never take the static page's early request, which is the shopper's own", async () => {
    const early = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    const store = makeStore(undefined, { earlyResponse: early });
    const answer = await store.dispatch(
      traceApi.endpoints.traceFor.initiate({ code: EXAMPLE_CODE, purpose: 'recheck' }),
    );
    expect(early).not.toHaveBeenCalled();
    expect(answer.data).toMatchObject({ kind: 'product' });
  });
});
