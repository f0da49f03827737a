import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { API_KEY_HEADER } from '../../src/contract/traceContract.ts';
import { JsonAnswer, NOT_FOUND_ANSWER, systemErrorAnswer, type TraceAnswer } from '../domain/traceSource.ts';

/** How one call to the upstream ended, as the metrics count it. */
export const UPSTREAM_OUTCOMES = [
  'answer',
  'not_found',
  'error_body',
  'timeout',
  'refused',
  'bad_body',
  'breaker_open',
] as const;
export type UpstreamOutcome = (typeof UPSTREAM_OUTCOMES)[number];

/** Outcomes that say the upstream is not working (the breaker counts them); the rest are its answers. */
export const FAILURES: ReadonlySet<UpstreamOutcome> = new Set(['timeout', 'refused', 'bad_body']);

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
  /** Undefined once it passed the bound: reading stopped there. */
  body: Buffer | undefined;
}

/** One POST, body read within `max` bytes, ended at `deadline` (performance.now()). */
function postOnce(url: URL, key: string, payload: string, max: number, deadline: number): Promise<RawAnswer> {
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
        resolve({ status: response.statusCode ?? 0, body });
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

const isList = (value: unknown) => Array.isArray(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !isList(value);

/** The contract's error body: all four fields, of their types. */
function isErrorBody(body: unknown): boolean {
  return (
    isRecord(body) &&
    typeof body.error === 'string' &&
    typeof body.Message === 'string' &&
    typeof body.status === 'number' &&
    typeof body.EndPoint === 'string'
  );
}

/**
 * What an answer means for the page: 200 with the contract's lists (both empty: no product), 204, or
 * an error body passed on as the upstream gave it, status and bytes; anything else (an HTML error
 * page, JSON of another shape, other statuses) is a bad body.
 */
function classify(status: number, json: Buffer): UpstreamResult {
  if (status === 204) return { outcome: 'not_found', answer: NOT_FOUND_ANSWER };
  const body = parsed(json);
  if (status === 200) {
    if (!isRecord(body) || !isRecord(body.Data) || !isList(body.Data.Products) || !isList(body.Data.Box))
      return BAD_BODY;
    const empty = (body.Data.Products as unknown[]).length === 0 && (body.Data.Box as unknown[]).length === 0;
    return { outcome: empty ? 'not_found' : 'answer', answer: new JsonAnswer(200, json) };
  }
  // The body as the upstream gave it (the page names its code and endpoint); a 5xx goes on as 502, the
  // upstream's failure and not the page server's own.
  if (status >= 400 && status <= 599 && isErrorBody(body)) {
    return { outcome: 'error_body', answer: new JsonAnswer(status >= 500 ? 502 : status, json) };
  }
  return BAD_BODY;
}

/**
 * One lookup at the upstream, over node:http(s) with a kept-alive connection pool. Never throws: every
 * failure is an outcome with the answer the page gets. The timeout covers the whole call, body and
 * retry included. A refused or reset connection before any response byte is tried once more: the
 * lookup reads and changes nothing, so asking twice is safe, and a kept-alive socket the upstream
 * closed while idle fails exactly that way.
 */
export async function callUpstream(
  { endpoint: target, key, timeoutMs, maxBodyBytes }: UpstreamTarget,
  code: string,
): Promise<UpstreamResult> {
  const payload = JSON.stringify({ QrCode: code });
  const deadline = performance.now() + timeoutMs;
  try {
    let raw: RawAnswer;
    try {
      raw = await postOnce(target, key, payload, maxBodyBytes, deadline);
    } catch (error) {
      const retry =
        error instanceof CallFailure &&
        !error.timedOut &&
        error.beforeResponse &&
        CONNECTION_CODES.has(error.code ?? '');
      if (!retry) throw error;
      raw = await postOnce(target, key, payload, maxBodyBytes, deadline);
    }
    return raw.body === undefined ? BAD_BODY : classify(raw.status, raw.body);
  } catch (error) {
    return error instanceof CallFailure && error.timedOut ? TIMED_OUT : REFUSED;
  }
}
