import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { API_KEY_HEADER, TRACE_PATH, type TraceRequest } from './traceContract';
import { TRACE_API_BASE, TRACE_API_KEY, TRACE_TIMEOUT_MS } from '@/config';
import { NO_PRODUCTS, toTraceFailure, type TraceFailure } from './traceFailure';
import { pickTraceResult, type TraceResult } from './traceResult';

const fetchTrace = fetchBaseQuery({
  baseUrl: TRACE_API_BASE,
  timeout: TRACE_TIMEOUT_MS,
  prepareHeaders: (headers) => {
    headers.set(API_KEY_HEADER, TRACE_API_KEY);
    return headers;
  },
});

/** Failures reach the store already mapped to catalogue keys, so nothing raw ever throws into React. */
const traceBaseQuery: BaseQueryFn<FetchArgs, unknown, TraceFailure> = async (args, api, extra) => {
  const { data, error, meta } = await fetchTrace(args, api, extra);
  return error ? { error: toTraceFailure(error), meta } : { data, meta };
};

export const traceApi = createApi({
  reducerPath: 'traceApi',
  baseQuery: traceBaseQuery,
  endpoints: (build) => ({
    trace: build.mutation<TraceResult, string>({
      async queryFn(code, _api, _extra, baseQuery) {
        const body: TraceRequest = { QrCode: code };
        const { data, error } = await baseQuery({ url: TRACE_PATH, method: 'POST', body });
        if (error) return { error };
        const result = pickTraceResult(data);
        return result ? { data: result } : { error: NO_PRODUCTS };
      },
    }),
  }),
});

export const { useTraceMutation } = traceApi;
