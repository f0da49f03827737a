import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { API_KEY_HEADER, TRACE_ERROR_TYPES, TRACE_URL_PATH } from '../../src/contract/traceContract.ts';
import { errorBody } from '../domain/errorBody.ts';
import { JsonAnswer, NOT_FOUND_ANSWER, systemErrorAnswer, type TraceAnswer } from '../domain/traceSource.ts';
import { checkTraceAnswer } from './answerShape.ts';
import type { BigVerdict } from './bigAnswer.ts';
import { BIG_ANSWER_BYTES, TIMED_OUT as READ_TIMED_OUT, readInWorker } from './bigAnswers.ts';
import { CheckedAnswer, TrimmedAnswer } from './checkedAnswer.ts';

/** How one call to the upstream ended, as the metrics count it. */
export const UPSTREAM_OUTCOMES = [
  'answer',
  'not_found',
  /** A 4xx in the contract's words (a code it finds invalid), rebuilt from the body's four fields. */
  'error_body',
  /** A 5xx, whatever its body: the service failed at this code. */
  'upstream_error',
  /** 401 or 403: the service refused the page server's own key. */
  'key_refused',
  /** 429: the service's budget for the page server is spent. */
  'busy',
  'timeout',
  'refused',
  /** A 200 outside the contract's types, or over the size bound, or no HTTP answer of the contract. */
  'bad_body',
  /** A 200 for another code than the one asked. */
  'wrong_code',
  'breaker_open',
] as const;
export type UpstreamOutcome = (typeof UPSTREAM_OUTCOMES)[number];

/**
 * Outcomes that say the service itself is not working (the breaker counts them): no answer in time, or
 * no connection. Everything else is an answer about one code, however bad.
 */
export const FAILURES: ReadonlySet<UpstreamOutcome> = new Set(['timeout', 'refused']);

/**
 * Outcomes that are this code's failure: remembered a few seconds, so a code that makes the service
 * fail (a huge pallet, a slow query, a WAF page) is not asked again on every shopper's scan.
 */
export const CODE_FAILURES: ReadonlySet<UpstreamOutcome> = new Set(['upstream_error', 'bad_body']);

export interface UpstreamResult {
  outcome: UpstreamOutcome;
  answer: TraceAnswer;
}

export interface UpstreamTarget {
  /** The lookup's URL: the API base and /qr/trace. */
  endpoint: URL;
  key: string;
  timeoutMs: number;
  /** Bodies past this many bytes are not read further: a bad body. */
  maxBodyBytes: number;
}

const TIMED_OUT: UpstreamResult = {
  outcome: 'timeout',
  answer: systemErrorAnswer(504, 'The trace service did not answer in time'),
};
const REFUSED: UpstreamResult = {
  outcome: 'refused',
  answer: systemErrorAnswer(502, 'The trace service could not be reached'),
};
const BAD_BODY: UpstreamResult = {
  outcome: 'bad_body',
  answer: systemErrorAnswer(502, 'The trace service answered outside the contract'),
};
const WRONG_CODE: UpstreamResult = {
  outcome: 'wrong_code',
  answer: systemErrorAnswer(502, 'The trace service answered for another code'),
};
// Its own body never goes on: it may name internal endpoints, hosts, a stack or the key.
const UPSTREAM_ERROR: UpstreamResult = {
  outcome: 'upstream_error',
  answer: systemErrorAnswer(502, 'The trace service failed'),
};
// The page server's key is not the browser's: a 401 passed on would tell the shopper their own key failed.
const KEY_REFUSED: UpstreamResult = {
  outcome: 'key_refused',
  answer: systemErrorAnswer(502, 'The trace service refused this server'),
};

/** Retry-After for an upstream 429 that says none, or says more than a shopper would wait. */
const BUSY_RETRY_S = 5;
const BUSY_RETRY_MAX_S = 60;
/** The longest Message of an upstream's 4xx passed on. */
const MESSAGE_MAX = 200;

/** An answer a browser should ask again after `seconds` (the trace route sends Retry-After). */
export function retryLaterAnswer(status: number, message: string, seconds: number): TraceAnswer {
  return Object.assign(systemErrorAnswer(status, message), { retryAfterSeconds: seconds });
}

/** Connection failures of a socket that was refused or dropped. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

/** Connections kept open to the upstream by one instance; calls past it wait their turn (within their timeout). */
const MAX_SOCKETS = 64;
const agents = {
  'http:': new HttpAgent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
  'https:': new HttpsAgent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
};

/** Why a call got no whole answer: its time ran out, or its connection failed (before any response byte or after). */
class CallFailure extends Error {
  constructor(
    readonly timedOut: boolean,
    readonly beforeResponse: boolean,
    readonly code: string | undefined,
  ) {
    super(timedOut ? 'timeout' : `connection failed (${code ?? 'unknown'})`);
  }
}

interface RawAnswer {
  status: number;
  retryAfter: string | undefined;
  /** Undefined once it passed the bound: reading stopped there. */
  body: Buffer | undefined;
}

/** One POST, body read within `max` bytes, ended at `deadline` (performance.now()). */
function postOnce(
  url: URL,
  key: string,
  payload: string,
  max: number,
  deadline: number,
  forwardedFor: string | undefined,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    let timedOut = false;
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send({
      protocol: url.protocol,
      // An IPv6 address without its URL brackets, as node:http wants it.
      hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port,
      path: url.pathname,
      method: 'POST',
      agent: agents[url.protocol as keyof typeof agents],
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        accept: 'application/json',
        [API_KEY_HEADER]: key,
        // The shopper's address alone, never a header of theirs: the upstream's per-client limit.
        ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
      },
    });
    // Settling twice is harmless: whichever failure comes first is the one reported.
    const fail = (error: Error | undefined) => {
      clearTimeout(timer);
      reject(new CallFailure(timedOut, !answered, (error as NodeJS.ErrnoException | undefined)?.code));
    };
    const timer = setTimeout(
      () => {
        timedOut = true;
        fail(undefined);
        request.destroy();
      },
      Math.max(0, deadline - performance.now()),
    );
    request.on('error', fail);
    request.on('response', (response) => {
      answered = true;
      const declared = Number(response.headers['content-length']);
      const chunks: Buffer[] = [];
      let size = 0;
      const done = (body: Buffer | undefined) => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'], body });
      };
      if (declared > max) {
        request.destroy();
        return done(undefined);
      }
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > max) {
          request.destroy();
          return done(undefined);
        }
        chunks.push(chunk);
      });
      response.on('end', () => done(Buffer.concat(chunks, size)));
      // A connection cut mid-body ('aborted'); the timer ends whatever else never completes.
      response.on('error', fail);
    });
    request.end(payload);
  });
}

function parsed(json: Buffer): unknown {
  try {
    return JSON.parse(json.toString('utf8'));
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An upstream 4xx in the contract's words, rebuilt from its four fields and nothing else: the type
 * one of the contract's, the message bounded and without the page server's key (a service may echo
 * it), the status the one sent, and the endpoint the browser's own (the service's path is internal).
 */
function rebuiltError(status: number, body: unknown, key: string): UpstreamResult {
  if (!isRecord(body) || typeof body.Message !== 'string') return UPSTREAM_ERROR;
  const type = TRACE_ERROR_TYPES.find((known) => known === body.error);
  if (type === undefined) return UPSTREAM_ERROR;
  const message = (key === '' ? body.Message : body.Message.replaceAll(key, '…')).slice(0, MESSAGE_MAX);
  return {
    outcome: 'error_body',
    answer: new JsonAnswer(status, Buffer.from(JSON.stringify(errorBody(type, status, message, TRACE_URL_PATH)))),
  };
}

/** Seconds from a Retry-After of whole seconds, within bounds; a date or nothing: the default. */
function retryAfterSeconds(header: string | undefined): number {
  const seconds = /^\d+$/.test(header ?? '') ? Number(header) : BUSY_RETRY_S;
  return Math.min(BUSY_RETRY_MAX_S, Math.max(1, seconds));
}

/**
 * What an answer means for the page. 204, or 200 with both lists empty: no product. 200 otherwise:
 * checked against the contract for the code asked (server/upstream/answerShape.ts) and sent as the
 * contract's fields alone. 429: the service is busy, 503 and Retry-After. 401/403 and 5xx: a generic
 * 502. Another 4xx: its error body rebuilt. Anything else is a bad body.
 */
function classify({ status, retryAfter }: RawAnswer, json: Buffer, code: string, key: string): UpstreamResult {
  if (status === 204) return { outcome: 'not_found', answer: NOT_FOUND_ANSWER };
  if (status === 429)
    return {
      outcome: 'busy',
      answer: retryLaterAnswer(503, 'The trace service is busy; try again shortly', retryAfterSeconds(retryAfter)),
    };
  if (status === 401 || status === 403) return KEY_REFUSED;
  if (status >= 500 && status <= 599) return UPSTREAM_ERROR;
  const body = parsed(json);
  if (status >= 400 && status <= 499) return rebuiltError(status, body, key);
  if (status !== 200) return BAD_BODY;
  const checked = checkTraceAnswer(body, code);
  if (checked === 'bad_body') return BAD_BODY;
  if (checked === 'wrong_code') return WRONG_CODE;
  const empty = checked.Data.Products.length === 0 && checked.Data.Box.length === 0;
  if (empty) return { outcome: 'not_found', answer: NOT_FOUND_ANSWER };
  return { outcome: 'answer', answer: new CheckedAnswer(checked, json.length) };
}

/** A big 200 as the worker read it (server/upstream/bigAnswers.ts). */
function bigAnswer(verdict: BigVerdict): UpstreamResult {
  if ('fault' in verdict) return verdict.fault === 'wrong_code' ? WRONG_CODE : BAD_BODY;
  if ('empty' in verdict) return { outcome: 'not_found', answer: NOT_FOUND_ANSWER };
  const { json, page, unitTotal } = verdict;
  const bytes = Buffer.from(json.buffer, json.byteOffset, json.byteLength);
  return { outcome: 'answer', answer: new TrimmedAnswer(bytes, page, unitTotal) };
}

/**
 * One lookup at the upstream, over node:http(s) with a kept-alive connection pool. Never throws: every
 * failure is an outcome with the answer the page gets. The timeout covers the whole call, body and
 * retry included. A refused or reset connection before any response byte is tried once more: the
 * lookup reads and changes nothing, so asking twice is safe, and a kept-alive socket the upstream
 * closed while idle fails exactly that way. A big 200 is read in a worker thread, off the event loop.
 */
export async function callUpstream(
  { endpoint: target, key, timeoutMs, maxBodyBytes }: UpstreamTarget,
  code: string,
  forwardedFor?: string,
): Promise<UpstreamResult> {
  const payload = JSON.stringify({ QrCode: code });
  const deadline = performance.now() + timeoutMs;
  let raw: RawAnswer;
  try {
    try {
      raw = await postOnce(target, key, payload, maxBodyBytes, deadline, forwardedFor);
    } catch (error) {
      const retry =
        error instanceof CallFailure &&
        !error.timedOut &&
        error.beforeResponse &&
        CONNECTION_CODES.has(error.code ?? '');
      if (!retry) throw error;
      raw = await postOnce(target, key, payload, maxBodyBytes, deadline, forwardedFor);
    }
  } catch (error) {
    return error instanceof CallFailure && error.timedOut ? TIMED_OUT : REFUSED;
  }
  if (raw.body === undefined) return BAD_BODY;
  if (raw.status === 200 && raw.body.length > BIG_ANSWER_BYTES) {
    const verdict = await readInWorker(raw.body, code, Math.max(0, deadline - performance.now()));
    return verdict === READ_TIMED_OUT ? TIMED_OUT : bigAnswer(verdict);
  }
  return classify(raw, raw.body, code, key);
}
