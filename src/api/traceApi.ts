import { createAction } from '@reduxjs/toolkit';
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type QueryReturnValue,
} from '@reduxjs/toolkit/query/react';
import {
  API_KEY_HEADER,
  LOOKUP_PURPOSE_HEADER,
  TRACE_PATH,
  type LookupPurpose,
  type TraceRequest,
  type TraceTransport,
} from '@/contract/traceContract';
import { TRACE_API_BASE, TRACE_API_KEY, TRACE_TIMEOUT_MS } from '@/config';
import { NO_PRODUCTS, toTraceFailure, type TraceFailure } from './traceFailure';
import { pickTraceResult, unitsForPage, type TraceResult } from './traceResult';

const fetchOptions = {
  baseUrl: TRACE_API_BASE,
  timeout: TRACE_TIMEOUT_MS,
  prepareHeaders: (headers: Headers) => {
    headers.set(API_KEY_HEADER, TRACE_API_KEY);
    return headers;
  },
};
const fetchTrace = fetchBaseQuery(fetchOptions);

/** How a store reaches the service other than by a fresh fetch; given as its thunk extra argument. */
export interface TraceChannels extends Partial<TraceTransport> {
  /** A response already on its way for this code (the static page's early request), taken once. */
  earlyResponse?: (code: string) => Promise<Response> | undefined;
  /** The store is a server render's: its answers go into the page's state, a big carton's codes bounded. */
  forPage?: boolean;
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) =>
    signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
  );
}

/** fetchBaseQuery reading a response already on its way: same parsing and failures, same timeout. */
const readingResponse = (response: Promise<Response>) =>
  fetchBaseQuery({
    ...fetchOptions,
    fetchFn: (request) => Promise.race([response, aborted((request as Request).signal)]),
  });

/** An in-process answer, shaped as fetchBaseQuery shapes an HTTP one (an empty 204 is null data). */
async function answeredInProcess(transport: TraceTransport, body: TraceRequest) {
  const { status, body: data } = await transport.answerTrace(body);
  return status >= 200 && status < 300
    ? { data: data ?? null, meta: undefined }
    : { error: { status, data }, meta: undefined };
}

/** Failures reach the store already mapped to catalogue keys, so nothing raw ever throws into React. */
const traceBaseQuery: BaseQueryFn<FetchArgs, unknown, TraceFailure> = async (args, api, extra) => {
  const channels = api.extra as TraceChannels | undefined;
  const request = args.body as TraceRequest;
  // The early request is the shopper's own lookup: a staff or re-check lookup never takes its answer.
  const early = args.headers ? undefined : channels?.earlyResponse?.(request.QrCode);
  const { data, error, meta } = channels?.answerTrace
    ? await answeredInProcess(channels as TraceTransport, request)
    : await (early ? readingResponse(early) : fetchTrace)(args, api, extra);
  return error ? { error: toTraceFailure(error, meta?.response) } : { data };
};

/** The answer as the page reads it: its first box or product, else 'No products found'. */
async function lookUp<Meta>(
  baseQuery: (
    args: FetchArgs,
  ) => QueryReturnValue<unknown, TraceFailure, Meta> | PromiseLike<QueryReturnValue<unknown, TraceFailure, Meta>>,
  args: FetchArgs,
): Promise<QueryReturnValue<TraceResult, TraceFailure, undefined>> {
  const { data, error } = await baseQuery(args);
  if (error) return { error };
  const result = pickTraceResult(data);
  return result ? { data: result } : { error: NO_PRODUCTS };
}

/** The api state a server render held, handed to the page's store before it hydrates. */
export const serverStateReceived = createAction<{ traceApi: unknown }>('page/serverStateReceived');

export const traceApi = createApi({
  reducerPath: 'traceApi',
  baseQuery: traceBaseQuery,
  // RTK Query's own rehydration: answered lookups of the server render (by code) join the page's store.
  extractRehydrationInfo: (action, { reducerPath }) =>
    serverStateReceived.match(action) ? (action.payload[reducerPath] as never) : undefined,
  endpoints: (build) => ({
    /** A shopper's lookup (the service counts it), or the page's re-check of a code it links to (never counted). */
    trace: build.mutation<TraceResult, string | { code: string; purpose: 'recheck' }>({
      queryFn: async (arg, api, _extra, baseQuery) => {
        const looked = await lookUp(
          baseQuery,
          typeof arg === 'string'
            ? { url: TRACE_PATH, method: 'POST', body: { QrCode: arg } }
            : {
                url: TRACE_PATH,
                method: 'POST',
                body: { QrCode: arg.code },
                headers: { [LOOKUP_PURPOSE_HEADER]: arg.purpose },
              },
        );
        // A server render's answer is the page's state: a big carton's unlisted codes stay out of it.
        return looked.data && (api.extra as TraceChannels | undefined)?.forPage
          ? { data: unitsForPage(looked.data) }
          : looked;
      },
    }),
    /** A lookup made for another reason than a shopper's (the support desk, the recall watch): never counted. */
    traceFor: build.mutation<TraceResult, { code: string; purpose: LookupPurpose }>({
      queryFn: ({ code, purpose }, _api, _extra, baseQuery) =>
        lookUp(baseQuery, {
          url: TRACE_PATH,
          method: 'POST',
          body: { QrCode: code },
          headers: { [LOOKUP_PURPOSE_HEADER]: purpose },
        }),
    }),
  }),
});

export const { useTraceMutation } = traceApi;
