import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { REPORT_ERRORS, type ReportErrorBody, type ReportErrorKey, type ReportField } from '@/contract/reports';

/** Message keys of failures the service's error body does not name. */
export type ReportFailureKey =
  ReportErrorKey | 'report.errors.network' | 'report.errors.failed' | 'report.errors.staffKey';

/** A failed report call as the page shows it: one message, and the field to mark when the service named one. */
export interface ReportFailure {
  key: ReportFailureKey;
  field: ReportField | null;
  status: number | null;
}

const KNOWN_KEYS = new Set<string>(Object.values(REPORT_ERRORS));

function errorBody(data: unknown): Partial<ReportErrorBody> {
  return typeof data === 'object' && data !== null ? (data as Partial<ReportErrorBody>) : {};
}

/** Any failure becomes a translated message: the service's own key when it is one the page knows. */
export function reportFailure(error: FetchBaseQueryError): ReportFailure {
  if (typeof error.status !== 'number') return { key: 'report.errors.network', field: null, status: null };
  const { status } = error;
  if (status === 401 || status === 403) return { key: 'report.errors.staffKey', field: null, status };
  if (status === 429) return { key: REPORT_ERRORS.tooMany, field: null, status };
  const body = errorBody(error.data);
  if (typeof body.Message === 'string' && KNOWN_KEYS.has(body.Message)) {
    return { key: body.Message as ReportErrorKey, field: body.field ?? null, status };
  }
  if (status === 413) return { key: REPORT_ERRORS.photoTooBig, field: 'photo', status };
  return { key: 'report.errors.failed', field: null, status };
}
