import { fetchBaseQuery, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { traceApi } from '@/api/traceApi';
import { TRACE_API_BASE, TRACE_API_KEY, TRACE_TIMEOUT_MS } from '@/config';
import { API_KEY_HEADER } from '@/contract/traceContract';
import {
  REPORTS_PATH,
  reportClosePath,
  type ReportCreated,
  type ReportListQuery,
  type ReportSubmission,
  type StaffReport,
  type StaffReportList,
} from '@/contract/reports';
import { reportFailure, type ReportAudience, type ReportFailure } from './reportFailure';

// The reports are under the trace service's API base, like the lookup.
const fetchReports = fetchBaseQuery({ baseUrl: TRACE_API_BASE, timeout: TRACE_TIMEOUT_MS });

type Call = Parameters<typeof fetchReports>[0];

/** One call with the given key (the page's, or the desk's staff key), its failure mapped to a message key. */
async function call<T>(
  args: Exclude<Call, string>,
  key: string,
  api: Parameters<typeof fetchReports>[1],
  audience: ReportAudience,
) {
  const { data, error, meta } = await fetchReports(
    { ...args, headers: { ...(args.headers as Record<string, string>), [API_KEY_HEADER]: key } },
    api,
    {},
  );
  if (!error) return { data: data as T };
  const retryAfter = Number(meta?.response?.headers.get('retry-after') ?? Number.NaN);
  return {
    error: reportFailure(error as FetchBaseQueryError, audience, Number.isFinite(retryAfter) ? retryAfter : null),
  };
}

/**
 * The shopper's report and the desk's reading of them, on the app's one API slice (injected: none of it is in
 * the first load). The desk passes its staff key with each call: it lives in the desk's session, never here.
 */
export const reportsApi = traceApi.enhanceEndpoints({ addTagTypes: ['Reports'] }).injectEndpoints({
  endpoints: (build) => ({
    sendReport: build.mutation<ReportCreated, ReportSubmission>({
      queryFn: (body, api) =>
        call<ReportCreated>({ url: REPORTS_PATH, method: 'POST', body }, TRACE_API_KEY, api, 'shopper') as never,
    }),
    staffReports: build.query<StaffReportList, { staffKey: string; query: ReportListQuery }>({
      queryFn: ({ staffKey, query }, api) =>
        call<StaffReportList>(
          { url: REPORTS_PATH, params: Object.fromEntries(Object.entries(query).filter(([, value]) => value)) },
          staffKey,
          api,
          'staff',
        ) as never,
      providesTags: ['Reports'],
    }),
    closeReport: build.mutation<StaffReport, { staffKey: string; reference: string; note: string }>({
      queryFn: ({ staffKey, reference, note }, api) =>
        call<StaffReport>(
          { url: reportClosePath(reference), method: 'POST', body: { note } },
          staffKey,
          api,
          'staff',
        ) as never,
      invalidatesTags: ['Reports'],
    }),
  }),
});

export type { ReportFailure };
export const { useSendReportMutation, useStaffReportsQuery, useCloseReportMutation } = reportsApi;
