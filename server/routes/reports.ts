import { isIP } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import {
  closeNoteProblem,
  PROVINCES,
  REPORT_BODY_MAX_BYTES,
  REPORT_ERRORS,
  REPORT_PAGE_SIZE,
  REPORT_REASONS,
  REPORT_REFERENCE_PATTERN,
  REPORTS_PATH,
  reportFields,
  reportProblems,
  type ReportErrorBody,
  type ReportField,
  type ReportListQuery,
  type StaffReportList,
} from '../../src/contract/reports.ts';
import { API_KEY_HEADER, type TraceErrorType } from '../../src/contract/traceContract.ts';
import { vietnamDay, vietnamDayEnd } from '../../src/contract/vietnamDay.ts';
import { normaliseCode } from '../domain/traceCode.ts';
import { errorBody } from '../domain/errorBody.ts';
import { JSON_TYPE } from '../http/errors.ts';
import { refuseUnreadableBody } from '../http/requestRules.ts';
import { requestPath } from '../http/requestTarget.ts';
import type { LimitHook } from '../plugins/rateLimits.ts';
import { staffReport, type CautionRules } from '../reports/reportFacts.ts';
import type { DayBounds, DayRefusal } from '../reports/reportDays.ts';
import type { LimitRefusal, ReportLimits } from '../reports/reportLimits.ts';
import { reportBodyReader, type ReportBodyReader } from '../reports/reportBodies.ts';
import { readReportBody, type ReadReport } from '../reports/reportBody.ts';
import { newReference } from '../reports/reportReference.ts';
import type { NewReport, ReportStore } from '../reports/reportStore.ts';
import type { WebhookSender } from '../reports/reportWebhook.ts';

// Shoppers' reports (issue 41): a shopper sends one with the page's key; staff (STAFF_API_KEYS) list, read the
// photo of and close them. Nothing of a report is ever part of a lookup's answer or a page.

export interface ReportRoutesOptions {
  store: ReportStore;
  /** Keys a shopper's page sends (TRACE_API_KEYS). */
  pageKeys: readonly string[];
  /**
   * Keys of page servers in front of this service (TRUSTED_CLIENT_KEYS): their reports are a shopper's each, whose
   * network is the first address of X-Forwarded-For, as for their lookups (plugins/rateLimits.ts).
   */
  trustedKeys: readonly string[];
  staffKeys: readonly string[];
  /** Other sites' pages allowed to send reports and read the desk's (CORS_ORIGINS, as for lookups). */
  corsOrigins: readonly string[];
  limits: ReportLimits;
  /** The whole day's bounds, from everyone (REPORTS_DAY_MAX, REPORTS_PHOTO_BYTES_DAY_MAX). */
  dayBounds: DayBounds;
  caution: CautionRules;
  /** The lookups' per-client budget: a report takes from it too (a flood of bodies costs like lookups). */
  limit?: LimitHook;
  /** Sends each report's delivery, nudged after the shopper's answer; none without REPORT_WEBHOOK_URL. */
  webhook?: WebhookSender;
  now?: () => number;
  /** Reads a big report body off the service's thread (default: reports/reportBodies.ts's worker); tests swap it. */
  readBody?: ReportBodyReader['read'];
}

/** Report bodies past this size are read in the worker: a report without a photo is under 1 KB. */
export const REPORT_BODY_IN_WORKER_BYTES = 16 * 1024;

/** What a body that is not JSON bytes (none at all) reads as: reportProblems' answer, as for any body. */
function noJsonReport(body: unknown, today: string): ReadReport {
  const [problem] = reportProblems(body, today);
  return problem ? { problem: problem.key, field: problem.field } : { problem: REPORT_ERRORS.body, field: null };
}

const HEADER = API_KEY_HEADER.toLowerCase();
/** The wait a report that could not be stored asks for (503): a lock behind an import, a database restarting. */
const STORE_RETRY_SECONDS = 30;
/** What a refused report's shopper reads: why, as it is. */
const REFUSALS: Record<LimitRefusal, string> = {
  network: REPORT_ERRORS.tooMany,
  networkCode: REPORT_ERRORS.alreadyReported,
  code: REPORT_ERRORS.codeReported,
};
/** What a report past the whole day's bound tells the shopper, and the field to mark (the photo they may drop). */
const DAY_FULL: Record<DayRefusal, { key: string; field: ReportField | null }> = {
  reports: { key: REPORT_ERRORS.dayFull, field: null },
  photoBytes: { key: REPORT_ERRORS.photosDayFull, field: 'photo' },
};
/** What the brand reads in the log, once a day per bound and instance, when a day's bound is reached. */
const DAY_FULL_LOG: Record<DayRefusal, string> = {
  reports:
    'reports: the day has had REPORTS_DAY_MAX reports from everyone; further reports are refused until midnight in Vietnam',
  photoBytes:
    'reports: the day has had REPORTS_PHOTO_BYTES_DAY_MAX bytes of photos; reports with a photo are refused until midnight in Vietnam (those without one are still taken)',
};
/** Private to the desk: never kept by a shared cache or the browser. */
const PRIVATE = 'private, no-store';

function fail(
  request: FastifyRequest,
  reply: FastifyReply,
  error: TraceErrorType,
  status: number,
  message: string,
  field?: ReportField | null,
): FastifyReply {
  const body: ReportErrorBody = { ...errorBody(error, status, message, requestPath(request)) };
  if (field) body.field = field;
  return reply.code(status).type(JSON_TYPE).header('cache-control', PRIVATE).send(body);
}

/** A body that is not a report (not JSON, too big): the shopper's page never sends one but for a photo too big. */
function reportBodyError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error.statusCode === 413) return fail(request, reply, 'VALIDATION', 413, REPORT_ERRORS.photoTooBig, 'photo');
  if (error.statusCode !== undefined && error.statusCode < 500) {
    return fail(request, reply, 'VALIDATION', 400, REPORT_ERRORS.body);
  }
  request.log.error({ err: error }, 'report failed');
  return fail(request, reply, 'INTERNAL_SERVER_ERROR', 500, 'Unexpected error');
}

/** The address whose network a report counts against: a trusted page server's shopper's, else the client's. */
function shopperAddress(request: FastifyRequest, trustedKeys: ReadonlySet<string>): string {
  const key = request.headers[HEADER];
  const forwarded = request.headers['x-forwarded-for'];
  if (typeof key !== 'string' || !trustedKeys.has(key) || typeof forwarded !== 'string') return request.ip;
  const first = forwarded.split(',')[0]!.trim();
  return isIP(first) === 0 ? request.ip : first;
}

/** The hour an instant falls in, ISO: what is stored of when a report came. */
export const hourOf = (now: number) => new Date(Math.floor(now / 3_600_000) * 3_600_000).toISOString();

export async function reportRoutes(app: FastifyInstance, options: ReportRoutesOptions): Promise<void> {
  const { store, limits, dayBounds, caution, webhook } = options;
  /** The Vietnam day each bound was last logged as reached on. */
  const dayFullTold: Record<DayRefusal, string> = { reports: '', photoBytes: '' };
  const now = options.now ?? Date.now;
  const trustedKeys = new Set(options.trustedKeys);
  const pageKeys = new Set([...options.pageKeys, ...trustedKeys]);
  const staffKeys = new Set(options.staffKeys);
  const keyOf = (request: FastifyRequest) => {
    const key = request.headers[HEADER];
    return typeof key === 'string' ? key : undefined;
  };
  const pageKey = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const key = keyOf(request);
    if (key !== undefined && (pageKeys.has(key) || staffKeys.has(key))) return done();
    fail(request, reply, 'AUTHENTICATION_FAILURE', 401, `Missing or unknown ${API_KEY_HEADER} header`);
  };
  // A page key is known but not enough (403); no key or an unknown one is 401.
  const staffKey = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const key = keyOf(request);
    if (key !== undefined && staffKeys.has(key)) return done();
    if (key !== undefined && pageKeys.has(key)) {
      fail(request, reply, 'AUTHENTICATION_FAILURE', 403, 'Reports are for staff keys (STAFF_API_KEYS) only');
      return;
    }
    fail(request, reply, 'AUTHENTICATION_FAILURE', 401, `Missing or unknown ${API_KEY_HEADER} header`);
  };
  const budget = options.limit ? [options.limit] : [];
  // JSON.parse alone, in these routes: Fastify's default parser then scans the whole text for __proto__ and
  // constructor keys, 0.7 ms of a 300 KB report's photo on the service's thread (bench:reports). Safe here: JSON.parse
  // makes such keys own properties, and nothing here merges a body into another object; the fields are read by name.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch (error) {
      done(Object.assign(error as Error, { statusCode: 400 }), undefined);
    }
  });
  // A page on another site (CORS_ORIGINS) may send a report: its preflight under the API's path is answered by
  // the lookup route's CORS (routes/trace.ts: POST with Content-Type and X-Key), and the answer names its origin
  // here. The desk's GETs stay same-site.
  const corsOrigins = new Set(options.corsOrigins);
  const allowOrigin = (
    request: FastifyRequest,
    reply: FastifyReply,
    _payload: unknown,
    done: HookHandlerDoneFunction,
  ) => {
    const origin = request.headers.origin;
    if (origin !== undefined && corsOrigins.has(origin)) reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    done();
  };

  // A report's body is read and checked whole in a worker thread (reports/reportBodies.ts) once it is big enough
  // to cost: a photo makes it ~300 KB, whose reading held every lookup for 5 to 6 ms on this thread
  // (bench:reports). A report without a photo is read here, by the same function, for less than the round trip.
  const readBody = options.readBody ?? reportBodyReader().read;
  await app.register(async (sendRoute) => {
    // The body's bytes, as they came: JSON.parse and all else happen in reportBody.ts.
    sendRoute.removeContentTypeParser('application/json');
    sendRoute.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    sendRoute.post(
      REPORTS_PATH,
      {
        bodyLimit: REPORT_BODY_MAX_BYTES,
        compress: false,
        onRequest: [...budget, pageKey, refuseUnreadableBody],
        onSend: allowOrigin,
        errorHandler: reportBodyError,
      },
      async (request, reply) => {
        const at = now();
        const today = vietnamDay(at);
        const json = request.body;
        // No body, or one of another type than JSON, is not a report (its check says so, as for any other).
        const read = !Buffer.isBuffer(json)
          ? noJsonReport(json, today)
          : json.byteLength > REPORT_BODY_IN_WORKER_BYTES
            ? await readBody(json, today)
            : readReportBody(json, today);
        if ('problem' in read) return fail(request, reply, 'VALIDATION', 400, read.problem, read.field);
        const { report: checked } = read;
        const photo = checked.photo && {
          type: checked.photo.type,
          body: Buffer.from(checked.photo.body.buffer, checked.photo.body.byteOffset, checked.photo.body.byteLength),
        };
        const code = normaliseCode(checked.code);
        const verdict = limits.take(shopperAddress(request, trustedKeys), code);
        if (!verdict.allowed) {
          reply.header('retry-after', String(verdict.retryAfterSeconds));
          return fail(request, reply, 'RATE_LIMIT', 429, REFUSALS[verdict.refusal!]);
        }
        const report: NewReport = {
          ...reportFields(checked),
          reference: newReference(),
          code,
          photo,
          createdHour: hourOf(at),
        };
        let refused: DayRefusal | undefined;
        try {
          refused = await store.add(report, { day: today, bounds: dayBounds, deliveryDue: webhook ? at : null });
        } catch (error) {
          // Not stored (SQLite busy past its wait behind an import, the database down): the shopper's day keeps
          // this report, and the answer says to try again soon, as the contract's body.
          verdict.giveBack();
          request.log.error({ err: error }, 'report not stored');
          reply.header('retry-after', String(STORE_RETRY_SECONDS));
          return fail(
            request,
            reply,
            'INTERNAL_SERVER_ERROR',
            503,
            'The report could not be stored: try again shortly',
          );
        }
        if (refused !== undefined) {
          // The whole day's bound, not this shopper's: their network's allowance is given back, and the brand is
          // told once a day in the log.
          verdict.giveBack();
          if (dayFullTold[refused] !== today) {
            dayFullTold[refused] = today;
            request.log.error(DAY_FULL_LOG[refused]);
          }
          reply.header('retry-after', String(Math.max(1, Math.ceil((vietnamDayEnd(today) - at) / 1000))));
          const { key, field } = DAY_FULL[refused];
          return fail(request, reply, 'RATE_LIMIT', 503, key, field);
        }
        // After the answer: the delivery never delays the shopper.
        if (webhook) reply.raw.once('finish', () => webhook.nudge());
        return reply.code(201).type(JSON_TYPE).header('cache-control', PRIVATE).send({ reference: report.reference });
      },
    );
  });

  app.get<{ Querystring: Record<string, unknown> }>(
    REPORTS_PATH,
    { onRequest: [...budget, staffKey] },
    async (request, reply) => {
      const query = request.query;
      const text = (name: keyof ReportListQuery) =>
        typeof query[name] === 'string' ? (query[name] as string) : undefined;
      const status = text('status') ?? 'open';
      const province = text('province');
      const reason = text('reason');
      const code = text('code');
      const cursor = text('cursor');
      if (
        (status !== 'open' && status !== 'closed') ||
        (province !== undefined && !(PROVINCES as readonly string[]).includes(province)) ||
        (reason !== undefined && !(REPORT_REASONS as readonly string[]).includes(reason)) ||
        (code !== undefined && !/^\s*[A-Za-z0-9]{1,40}\s*$/.test(code)) ||
        (cursor !== undefined && !/^\d{1,15}$/.test(cursor))
      ) {
        return fail(
          request,
          reply,
          'VALIDATION',
          400,
          'status, province, reason, code or cursor is not one the list takes',
        );
      }
      const found = await store.list({
        status,
        ...(province === undefined ? {} : { province: province as ReportListQuery['province'] & string }),
        ...(reason === undefined ? {} : { reason: reason as ReportListQuery['reason'] & string }),
        ...(code === undefined ? {} : { code: normaliseCode(code) }),
        ...(cursor === undefined ? {} : { before: Number(cursor) }),
        limit: REPORT_PAGE_SIZE + 1,
      });
      const page = found.slice(0, REPORT_PAGE_SIZE);
      const at = now();
      const list: StaffReportList = { reports: page.map((report) => staffReport(report, caution, at)) };
      if (found.length > REPORT_PAGE_SIZE) list.next = String(page.at(-1)!.id);
      return reply.type(JSON_TYPE).header('cache-control', PRIVATE).send(list);
    },
  );

  app.get<{ Params: { reference: string } }>(
    `${REPORTS_PATH}/:reference/photo`,
    { onRequest: [...budget, staffKey] },
    async (request, reply) => {
      const { reference } = request.params;
      const photo = REPORT_REFERENCE_PATTERN.test(reference) ? await store.photo(reference) : undefined;
      if (photo === undefined) return fail(request, reply, 'NOT_FOUND', 404, 'No such report photo');
      return reply
        .type(photo.type)
        .header('cache-control', PRIVATE)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .send(photo.body);
    },
  );

  app.post<{ Params: { reference: string } }>(
    `${REPORTS_PATH}/:reference/close`,
    { onRequest: [...budget, staffKey, refuseUnreadableBody], errorHandler: reportBodyError },
    async (request, reply) => {
      const { reference } = request.params;
      const note = (request.body as { note?: unknown } | null)?.note;
      const problem = closeNoteProblem(note);
      if (problem) return fail(request, reply, 'VALIDATION', 400, problem.key, problem.field);
      const at = now();
      const closed = REPORT_REFERENCE_PATTERN.test(reference)
        ? await store.closeReport(reference, (note as string).trim(), vietnamDay(at))
        : undefined;
      if (closed === undefined) return fail(request, reply, 'NOT_FOUND', 404, 'No such report');
      return reply
        .type(JSON_TYPE)
        .header('cache-control', PRIVATE)
        .send(staffReport(closed, caution, at));
    },
  );
}
