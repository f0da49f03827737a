// Shoppers' reports of a suspected fake pack (issue 41): what the page sends, what the desk reads, and the bounds
// both sides check with the same function (the page before sending, the service on arrival).
// Requests carry the same key header as lookups (API_KEY_HEADER): the page's key to send, a staff key to read.
import { QR_CODE_MAX_LENGTH, QR_CODE_MIN_LENGTH, TRACE_API_BASE_PATH, type TraceErrorBody } from './traceContract.ts';
import { isPrintedPack, type PrintedPack } from './gs1/printedPack.ts';
import { isIsoDay, vietnamDay } from './vietnamDay.ts';

/**
 * POST a report here (the page's key); GET the list here (a staff key). Under the API base like TRACE_PATH
 * (the page's TRACE_API_BASE), so the API's rules (keys, CORS, JSON errors) cover it: /qrinfo-svc/api/reports.
 */
export const REPORTS_PATH = '/reports';
/** The reports' path on the service, as errors report it in `EndPoint`. */
export const REPORTS_URL_PATH = `${TRACE_API_BASE_PATH}${REPORTS_PATH}`;
/** A report's photo, staff only (under the API base too). */
export const reportPhotoPath = (reference: string) => `${REPORTS_PATH}/${encodeURIComponent(reference)}/photo`;
/** Closing a report with a note, staff only. */
export const reportClosePath = (reference: string) => `${REPORTS_PATH}/${encodeURIComponent(reference)}/close`;

/** What is wrong with the pack, in the order the form lists them. */
export const REPORT_REASONS = ['mismatch', 'seal', 'quality', 'notFound', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * Vietnam's 34 provinces and centrally-run cities since the merger of 1 July 2025 (Resolution 202/2025/QH15):
 * the six cities first, then the provinces north to south. Their names are texts: `report.provinces.<id>`.
 */
export const PROVINCES = [
  'haNoi',
  'hue',
  'haiPhong',
  'daNang',
  'hoChiMinh',
  'canTho',
  'laiChau',
  'dienBien',
  'sonLa',
  'langSon',
  'caoBang',
  'tuyenQuang',
  'laoCai',
  'thaiNguyen',
  'phuTho',
  'bacNinh',
  'quangNinh',
  'hungYen',
  'ninhBinh',
  'thanhHoa',
  'ngheAn',
  'haTinh',
  'quangTri',
  'quangNgai',
  'giaLai',
  'daKLak',
  'khanhHoa',
  'lamDong',
  'dongNai',
  'tayNinh',
  'dongThap',
  'vinhLong',
  'anGiang',
  'caMau',
] as const;
export type ProvinceId = (typeof PROVINCES)[number];

export const REPORT_SHOP_MAX = 100;
export const REPORT_ADDRESS_MAX = 200;
/** Digits, '+', spaces, dots and dashes as typed; a Vietnamese number once those separators are dropped. */
export const REPORT_PHONE_MAX = 20;
/** A closing note, by staff. */
export const REPORT_NOTE_MAX = 500;
/** The photo's decoded bytes: the page sends a JPEG re-encoded at most 1600 px on its long side. */
export const REPORT_PHOTO_MAX_BYTES = 1_500_000;
/** The long side the page scales a photo down to before sending. */
export const REPORT_PHOTO_MAX_SIDE = 1600;
export const REPORT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ReportPhotoType = (typeof REPORT_PHOTO_TYPES)[number];
/** A date bought is no older than this many years (and not in the future), by Vietnam's calendar. */
export const REPORT_BOUGHT_MAX_YEARS = 2;
/** The request body's bound: a photo at its maximum is 2 MB in base64, with room for the rest. */
export const REPORT_BODY_MAX_BYTES = 3 * 1024 * 1024;
/** The most reports one page of the desk's list holds. */
export const REPORT_PAGE_SIZE = 50;

/** What the page sends: exactly what the shopper typed or chose; only `code`, `reason` and `province` are required. */
export interface ReportSubmission {
  /** The code looked up, as the trace contract bounds it (a report on "No products found" carries the code typed). */
  code: string;
  reason: ReportReason;
  province: ProvinceId;
  shop?: string;
  address?: string;
  /** YYYY-MM-DD. */
  boughtOn?: string;
  /** Only when the shopper wants a call back; deleted when the case is closed. */
  phone?: string;
  /** A data: URL (`data:image/jpeg;base64,…`, or png/webp). */
  photo?: string;
  /**
   * What the pack's GS1 Digital Link printed (GTIN, lot, expiry), when the page was opened at one (or one was
   * scanned or pasted): the desk compares it with the record. Null or absent otherwise.
   */
  pack?: PrintedPack | null;
}

/** The service's answer to a report accepted (201). */
export interface ReportCreated {
  /** What the shopper reads out on the phone, e.g. R-7K3M-9Q2P. */
  reference: string;
}

/** A reference: R- and two groups of four, from an alphabet without the look-alikes 0/O and 1/I/L. */
export const REPORT_REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REPORT_REFERENCE_PATTERN = /^R-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

export type ReportStatus = 'open' | 'closed';

/** The code's facts as the service knows them, beside a report for staff. */
export interface ReportFacts {
  /** Vietnam's day of the code's first counted lookup; null when never counted (or the code is unknown). */
  firstCheck: string | null;
  /** Lookups counted since then. */
  lookups: number;
  /** Distinct networks in the counting's recent window. */
  networks: number;
  /** The counting's caution (the code may have been copied). */
  caution: boolean;
  /** The code's product lot; null when the code is not in the service's data. */
  lot: ReportLot | null;
}

export interface ReportLot {
  /** The lot's code in the brand's data. */
  lotCode: string;
  productCode: string;
  /** The product's GTIN-14, where the brand's data gives one: compared with the pack's (StaffReport.pack). */
  gtin: string | null;
  productName: string | null;
  productUnit: string;
  productDate: string | null;
  expireDate: string | null;
  lotStatus: 'active' | 'recalled' | null;
}

/**
 * What a shopper's report says, once checked: what they typed (trimmed; null when blank) or chose, and the code.
 * The service's checked report, its stored one and the desk's all extend it, so a field is added here once.
 */
export interface ReportFields {
  code: string;
  reason: ReportReason;
  province: ProvinceId;
  shop: string | null;
  address: string | null;
  /** YYYY-MM-DD. */
  boughtOn: string | null;
  /** Only when the shopper wants a call back; null once the case is closed. */
  phone: string | null;
  /** What the pack's GS1 Digital Link printed, as the shopper's page sent it; null when the report came without one. */
  pack: PrintedPack | null;
}

/**
 * The fields of ReportFields alone, out of anything that has them (a stored row, a checked body): the one list
 * of them that is written out, which the compiler keeps whole.
 */
export function reportFields(report: ReportFields): ReportFields {
  const { code, reason, province, shop, address, boughtOn, phone, pack } = report;
  return { code, reason, province, shop, address, boughtOn, phone, pack };
}

/** A report as the desk reads it: text fields are the shopper's own text, to be shown as text. */
export interface StaffReport extends ReportFields {
  reference: string;
  hasPhoto: boolean;
  /** When it was sent, to the hour (ISO, UTC). */
  createdHour: string;
  status: ReportStatus;
  closedNote: string | null;
  facts: ReportFacts;
}

/** GET REPORTS_PATH's filters (all optional; status defaults to open). */
export interface ReportListQuery {
  status?: ReportStatus;
  province?: ProvinceId;
  reason?: ReportReason;
  code?: string;
  /** The `next` of the previous page. */
  cursor?: string;
}

/** A page of the list, newest first; `next` when there are more. */
export interface StaffReportList {
  reports: StaffReport[];
  next?: string;
}

/** POST reportClosePath's body. */
export interface ReportClose {
  note: string;
}

export type ReportField = keyof ReportSubmission | 'note';

/**
 * The message keys the service sends in its error body's `Message` (and `reportProblems` returns), with the
 * page's texts under the same keys in `locales/`.
 */
export const REPORT_ERRORS = {
  code: 'report.errors.code',
  /** The pack's printed GTIN, lot or expiry is not one a Digital Link gives (the page never sends such a one). */
  pack: 'report.errors.pack',
  reason: 'report.errors.reason',
  province: 'report.errors.province',
  shop: 'report.errors.shop',
  address: 'report.errors.address',
  boughtOnFormat: 'report.errors.boughtOnFormat',
  boughtOnFuture: 'report.errors.boughtOnFuture',
  boughtOnTooOld: 'report.errors.boughtOnTooOld',
  phone: 'report.errors.phone',
  photoType: 'report.errors.photoType',
  photoTooBig: 'report.errors.photoTooBig',
  /** Only the service finds it: the picture's bytes are not a JPEG, PNG or WebP (an SVG, anything else). */
  photoContent: 'report.errors.photoContent',
  /** Only the service finds it: the picture still carries EXIF or GPS data. */
  photoMetadata: 'report.errors.photoMetadata',
  /** This network sent its reports for today (429, with Retry-After until midnight in Vietnam). */
  tooMany: 'report.errors.tooMany',
  /** This network already reported this code today (429, with Retry-After). */
  alreadyReported: 'report.errors.alreadyReported',
  /** The code has had its day's reports from everyone: the brand has been told (429, with Retry-After). */
  codeReported: 'report.errors.codeReported',
  /** The service has taken REPORTS_DAY_MAX reports today from everyone: a bound on its disk (503, with Retry-After). */
  dayFull: 'report.errors.dayFull',
  /** Today's photos (REPORTS_PHOTO_BYTES_DAY_MAX) are taken: the report goes without its photo (503, on `photo`). */
  photosDayFull: 'report.errors.photosDayFull',
  /** The body is not a report at all (not JSON, too big, unknown fields). */
  body: 'report.errors.body',
  note: 'support.reports.errors.note',
} as const;
export type ReportErrorKey = (typeof REPORT_ERRORS)[keyof typeof REPORT_ERRORS];

/** One problem of a report: the field to mark and the message key to show. */
export interface ReportProblem {
  field: ReportField | null;
  key: ReportErrorKey;
}

/** The contract's error body, with the field a validation error is about. */
export interface ReportErrorBody extends TraceErrorBody {
  field?: ReportField;
}

const CODE = new RegExp(`^[A-Za-z0-9]{${QR_CODE_MIN_LENGTH},${QR_CODE_MAX_LENGTH}}$`);
/** Separators a number is typed with; what is left is a Vietnamese number: +84 or 0, then 9 or 10 digits. */
const PHONE_TYPED = /^[\d+ .-]+$/;
const PHONE = /^(?:\+84|0)\d{9,10}$/;
/** Control characters (a line break included): the shopper's fields are single lines. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const PHOTO_PREFIX = /^data:(image\/(?:jpeg|png|webp));base64,/;

const isText = (value: unknown): value is string => typeof value === 'string';
/** An optional text: absent, or blank (the form's empty input), counts as not given. */
const given = (value: unknown) => value !== undefined && value !== null && !(isText(value) && value.trim() === '');

/** The decoded size of a base64 payload, without decoding it. */
export function base64Bytes(payload: string): number {
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
}

/** A photo's data: URL split into its type and base64 payload, or null when it is not one of the allowed kinds. */
export function photoParts(photo: string): { type: ReportPhotoType; base64: string } | null {
  const match = PHOTO_PREFIX.exec(photo);
  if (!match) return null;
  return { type: match[1] as ReportPhotoType, base64: photo.slice(match[0].length) };
}

function boughtOnProblem(value: unknown, today: string): ReportProblem | null {
  if (!isIsoDay(value)) return { field: 'boughtOn', key: REPORT_ERRORS.boughtOnFormat };
  if (value > today) return { field: 'boughtOn', key: REPORT_ERRORS.boughtOnFuture };
  const earliest = `${Number(today.slice(0, 4)) - REPORT_BOUGHT_MAX_YEARS}${today.slice(4)}`;
  if (value < earliest) return { field: 'boughtOn', key: REPORT_ERRORS.boughtOnTooOld };
  return null;
}

function photoProblem(value: unknown): ReportProblem | null {
  // Its base64 is checked where it is decoded (the service), not scanned here: 1 ms on every report's photo.
  const parts = isText(value) ? photoParts(value) : null;
  if (!parts) return { field: 'photo', key: REPORT_ERRORS.photoType };
  if (base64Bytes(parts.base64) > REPORT_PHOTO_MAX_BYTES) return { field: 'photo', key: REPORT_ERRORS.photoTooBig };
  return null;
}

function textProblem(value: unknown, max: number, field: 'shop' | 'address'): ReportProblem | null {
  if (!isText(value) || value.trim().length > max || CONTROL.test(value)) return { field, key: REPORT_ERRORS[field] };
  return null;
}

/** Whether a typed phone number is one the service accepts (see PHONE). */
export function isReportPhone(value: string): boolean {
  return value.length <= REPORT_PHONE_MAX && PHONE_TYPED.test(value) && PHONE.test(value.replace(/[ .-]/g, ''));
}

/**
 * Every problem of a report as sent, in the form's order; none means the service will take it (but for the
 * photo's content, which only the service reads). `today` is Vietnam's day (YYYY-MM-DD).
 */
export function reportProblems(body: unknown, today: string = vietnamDay()): ReportProblem[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return [{ field: null, key: REPORT_ERRORS.body }];
  const report = body as Record<string, unknown>;
  const problems: (ReportProblem | null)[] = [
    isText(report.code) && CODE.test(report.code.trim()) ? null : { field: 'code', key: REPORT_ERRORS.code },
    report.pack === undefined || report.pack === null || isPrintedPack(report.pack)
      ? null
      : { field: 'pack', key: REPORT_ERRORS.pack },
    (REPORT_REASONS as readonly unknown[]).includes(report.reason)
      ? null
      : { field: 'reason', key: REPORT_ERRORS.reason },
    (PROVINCES as readonly unknown[]).includes(report.province)
      ? null
      : { field: 'province', key: REPORT_ERRORS.province },
    given(report.shop) ? textProblem(report.shop, REPORT_SHOP_MAX, 'shop') : null,
    given(report.address) ? textProblem(report.address, REPORT_ADDRESS_MAX, 'address') : null,
    given(report.boughtOn) ? boughtOnProblem(report.boughtOn, today) : null,
    given(report.phone) && !(isText(report.phone) && isReportPhone(report.phone.trim()))
      ? { field: 'phone', key: REPORT_ERRORS.phone }
      : null,
    given(report.photo) ? photoProblem(report.photo) : null,
  ];
  return problems.filter((problem) => problem !== null);
}

/** A closing note's problem, if any: required, at most REPORT_NOTE_MAX characters, line breaks its only control characters. */
export function closeNoteProblem(note: unknown): ReportProblem | null {
  if (
    !isText(note) ||
    note.trim() === '' ||
    note.length > REPORT_NOTE_MAX ||
    CONTROL.test(note.replace(/\r?\n/g, ' '))
  ) {
    return { field: 'note', key: REPORT_ERRORS.note };
  }
  return null;
}
