import type { PrintedPack } from '@/contract/gs1/printedPack';
import type { ProvinceId, ReportField, ReportProblem, ReportReason, ReportSubmission } from '@/contract/reports';

/** What the shopper filled in beyond the reason and the province: all optional, as typed. */
export interface ReportDetails {
  shop: string;
  address: string;
  boughtOn: string;
  phone: string;
  /** The photo re-encoded on the phone, as a data: URL. */
  photo: string | null;
}

export const NO_DETAILS: ReportDetails = { shop: '', address: '', boughtOn: '', phone: '', photo: null };

/**
 * The report as sent: exactly what the shopper typed or chose, blank fields left out; and what the pack's Digital
 * Link printed, when the code came in one.
 */
export function submission(
  code: string,
  reason: ReportReason,
  province: ProvinceId,
  details: ReportDetails,
  pack: PrintedPack | null = null,
): ReportSubmission {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    code,
    reason,
    province,
    shop: text(details.shop),
    address: text(details.address),
    boughtOn: text(details.boughtOn),
    phone: text(details.phone),
    photo: details.photo ?? undefined,
    pack: pack ?? undefined,
  };
}

/** The message key to show under each detail field that has a problem. */
export type FieldErrors = Partial<Record<ReportField, string>>;

export function fieldErrors(problems: readonly ReportProblem[]): FieldErrors {
  return Object.fromEntries(problems.flatMap(({ field, key }) => (field ? [[field, key]] : [])));
}

/** The detail fields, in the form's order: the first one with a problem takes the focus. */
export const DETAIL_FIELDS = [
  'shop',
  'address',
  'boughtOn',
  'photo',
  'phone',
] as const satisfies readonly ReportField[];
