import { API_KEY_HEADER, TRACE_PATH } from '../../src/api/traceContract.ts';
import { JsonAnswer, NOT_FOUND_ANSWER, systemErrorAnswer, type TraceAnswer } from '../traceSource.ts';

/** How one call to the upstream ended, as the metrics count it. */
export const UPSTREAM_OUTCOMES = ['answer', 'not_found', 'error_body', 'timeout', 'refused', 'bad_body', 'breaker_open'] as const;
export type UpstreamOutcome = (typeof UPSTREAM_OUTCOMES)[number];

/** Outcomes that say the upstream is not working (the breaker counts them); the rest are its answers. */
export const FAILURES: ReadonlySet<UpstreamOutcome> = new Set(['timeout', 'refused', 'bad_body']);

export interface UpstreamResult {
  outcome: UpstreamOutcome;
  answer: TraceAnswer;
}

export interface UpstreamTarget {
  /** The API base, without a trailing slash. */
  url: string;
  key: string;
  timeoutMs: number;
  /** Bodies past this many bytes are not read further: a bad body. */
  maxBodyBytes: number;
}

const TIMED_OUT: UpstreamResult = { outcome: 'timeout', answer: systemErrorAnswer(504, 'The trace service did not answer in time') };
const REFUSED: UpstreamResult = { outcome: 'refused', answer: systemErrorAnswer(502, 'The trace service could not be reached') };
const BAD_BODY: UpstreamResult = { outcome: 'bad_body', answer: systemErrorAnswer(502, 'The trace service answered outside the contract') };

/** Connection failures of a socket that was refused or dropped: undici's codes and the system's. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

function connectionFailed(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' && CONNECTION_CODES.has(cause.code);
}

/** The body, or undefined once it passes `max` bytes (reading stops there). */
async function readBounded(response: Response, max: number): Promise<Buffer | undefined> {
  const declared = Number(response.headers.get('content-length'));
  if (response.body === null) return Buffer.alloc(0);
  const reader = response.body.getReader();
  if (declared > max) {
    await reader.cancel();
    return undefined;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, size);
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
}

function parsed(json: Buffer): unknown {
  try {
    return JSON.parse(json.toString('utf8'));
  } catch {
    return undefined;
  }
}

const isList = (value: unknown) => Array.isArray(value);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !isList(value);

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
    if (!isRecord(body) || !isRecord(body.Data) || !isList(body.Data.Products) || !isList(body.Data.Box)) return BAD_BODY;
    const empty = (body.Data.Products as unknown[]).length === 0 && (body.Data.Box as unknown[]).length === 0;
    return { outcome: empty ? 'not_found' : 'answer', answer: new JsonAnswer(200, json) };
  }
  if (status >= 400 && status <= 599 && isErrorBody(body)) return { outcome: 'error_body', answer: new JsonAnswer(status, json) };
  return BAD_BODY;
}

/**
 * One lookup at the upstream, through Node's own fetch (undici, whose global pool keeps connections
 * alive). Never throws: every failure is an outcome with the answer the page gets. The timeout covers
 * the whole call, body included. A refused or reset connection before any response is tried once
 * more: the lookup reads and changes nothing, so asking twice is safe, and a kept-alive socket the
 * upstream closed while idle fails exactly that way.
 */
export async function callUpstream({ url, key, timeoutMs, maxBodyBytes }: UpstreamTarget, code: string): Promise<UpstreamResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const post = () =>
    fetch(`${url}${TRACE_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', [API_KEY_HEADER]: key },
      body: JSON.stringify({ QrCode: code }),
      redirect: 'manual',
      signal: controller.signal,
    });
  try {
    let response: Response;
    try {
      response = await post();
    } catch (error) {
      if (controller.signal.aborted || !connectionFailed(error)) throw error;
      response = await post();
    }
    const json = await readBounded(response, maxBodyBytes);
    return json === undefined ? BAD_BODY : classify(response.status, json);
  } catch {
    return controller.signal.aborted ? TIMED_OUT : REFUSED;
  } finally {
    clearTimeout(timer);
  }
}
