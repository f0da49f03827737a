import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { REPORT_ERRORS, type ReportErrorBody, type ReportErrorKey, type ReportField } from '@/contract/reports';

/** Message keys of failures the service's error body does not name. */
export type ReportFailureKey =
  ReportErrorKey | 'report.errors.network' | 'report.errors.failed' | 'report.errors.busy' | 'report.errors.staffKey';

/** A failed report call as the page shows it: one message, and the field to mark when the service named one. */
export interface ReportFailure {
  key: ReportFailureKey;
  field: ReportField | null;
  status: number | null;
}

/** Whose call failed: a shopper's report, or the desk's reading and closing with a staff key. */
export type ReportAudience = 'shopper' | 'staff';

const KNOWN_KEYS = new Set<string>(Object.values(REPORT_ERRORS));
/**
 * A 429 whose body names no reason of the reports' (the lookups' per-minute budget, a proxy in front) and asks
 * to wait longer than this is a daily refusal; a shorter wait is a busy moment.
 */
const BUSY_WAIT_MAX_SECONDS = 3600;

function errorBody(data: unknown): Partial<ReportErrorBody> {
  return typeof data === 'object' && data !== null ? (data as Partial<ReportErrorBody>) : {};
}

/**
 * Any failure becomes a translated message: the service's own key when it is one the page knows. A shopper is
 * never told about staff keys (a 401/403 on their report is the page's own fault); a 429 says what the service
 * said (the network's day, the code already reported) or, without a reason, by its Retry-After (seconds).
 */
export function reportFailure(
  error: FetchBaseQueryError,
  audience: ReportAudience,
  retryAfterSeconds: number | null = null,
): ReportFailure {
  if (typeof error.status !== 'number') return { key: 'report.errors.network', field: null, status: null };
  const { status } = error;
  if (status === 401 || status === 403) {
    return { key: audience === 'staff' ? 'report.errors.staffKey' : 'report.errors.failed', field: null, status };
  }
  const body = errorBody(error.data);
  if (typeof body.Message === 'string' && KNOWN_KEYS.has(body.Message)) {
    return { key: body.Message as ReportErrorKey, field: body.field ?? null, status };
  }
  if (status === 429) {
    const daily = audience === 'shopper' && retryAfterSeconds !== null && retryAfterSeconds > BUSY_WAIT_MAX_SECONDS;
    return { key: daily ? REPORT_ERRORS.tooMany : 'report.errors.busy', field: null, status };
  }
  if (status === 413) return { key: REPORT_ERRORS.photoTooBig, field: 'photo', status };
  return { key: 'report.errors.failed', field: null, status };
}
