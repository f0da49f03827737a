import {
  REPORT_ERRORS,
  reportProblems,
  type ReportErrorKey,
  type ReportField,
  type ReportFields,
  type ReportPhotoType,
  type ReportSubmission,
} from '../../src/contract/reports.ts';
import { checkPhoto } from './reportPhoto.ts';

// A shopper's report as it arrives (the request's JSON bytes), read and checked whole: the JSON, the fields'
// bounds (reportProblems, as the page checks them) and the photo (reportPhoto.ts). Run in a worker thread
// (./reportBodies.ts): a report with a photo is a 300 KB body, and its UTF-8 decoding, JSON.parse, base64 decoding
// and checks held every lookup on the service's thread for 5 to 6 ms (bench:reports).

/** A report whose fields all passed, with its photo's bytes. `code` is as sent: the service normalises it. */
export interface CheckedReport extends ReportFields {
  photo: { type: ReportPhotoType; body: Uint8Array } | null;
}

/** The report, or its first problem: the field to mark (null for the body as a whole) and the message key. */
export type ReadReport = { report: CheckedReport } | { problem: ReportErrorKey; field: ReportField | null };

const trimmed = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The report in `json` (the request body's bytes), checked against Vietnam's day `today`. */
export function readReportBody(json: Uint8Array, today: string): ReadReport {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(json.buffer, json.byteOffset, json.byteLength).toString('utf8'));
  } catch {
    return { problem: REPORT_ERRORS.body, field: null };
  }
  const [problem] = reportProblems(body, today);
  if (problem) return { problem: problem.key, field: problem.field };
  const report = body as ReportSubmission;
  const photo = trimmed(report.photo) === null ? null : checkPhoto(report.photo!);
  if (photo !== null && 'problem' in photo) return { problem: photo.problem, field: 'photo' };
  return {
    report: {
      code: report.code,
      reason: report.reason,
      province: report.province,
      shop: trimmed(report.shop),
      address: trimmed(report.address),
      boughtOn: trimmed(report.boughtOn),
      phone: trimmed(report.phone),
      photo,
      pack: report.pack ?? null,
    },
  };
}
