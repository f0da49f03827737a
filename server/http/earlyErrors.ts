import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TraceErrorType } from '../../src/contract/traceContract.ts';
import type { SecurityHeaders } from './securityHeaders.ts';
import { errorBody } from '../domain/errorBody.ts';
import { JSON_TYPE, sendError } from './errors.ts';
import { pathOf, relativeTarget } from './requestTarget.ts';

// Node and Fastify answer some requests before any route or hook runs, each in a shape of its own and
// without our headers. These handlers give those answers the contract's body and the security headers.

/** How long a refused connection may still send (read and dropped) before it is cut. */
const LINGER_MS = 1000;

interface Refusal {
  status: number;
  error: TraceErrorType;
  message: string;
}

function refusalOf(code: string | undefined): Refusal {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, error: 'VALIDATION', message: 'The request took too long to arrive' };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, error: 'VALIDATION', message: 'The request headers are too large' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, error: 'VALIDATION', message: 'The body is too large' };
    default:
      return { status: 400, error: 'VALIDATION', message: 'The request is not valid HTTP' };
  }
}

/** What the parser had of the request line, if anything: the path is all the contract echoes. */
function endPointOf(error: { rawPacket?: unknown }, socket: Socket): string {
  const incoming = (socket as Socket & { parser?: { incoming?: IncomingMessage | null } }).parser?.incoming;
  if (incoming?.url) return pathOf(relativeTarget(incoming.url));
  if (!Buffer.isBuffer(error.rawPacket)) return '';
  const target = /^[A-Z]+ (\/\S*) HTTP\//.exec(error.rawPacket.subarray(0, 2048).toString('latin1'));
  return target?.[1] ? pathOf(target[1]) : '';
}

/**
 * Writes the answer on the raw socket, then half-closes the connection and reads and drops what the
 * client still sends for a moment: closing with unread data would reset the connection, and a reset
 * can destroy the answer before the client reads it.
 */
function refuseOnSocket(
  socket: Socket,
  headers: SecurityHeaders,
  { status, error, message }: Refusal,
  endPoint: string,
) {
  const body = JSON.stringify(errorBody(error, status, message, endPoint));
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    ...Object.entries(headers.forPath(endPoint)).map(([name, value]) => `${name}: ${value}`),
    `content-type: ${JSON_TYPE}`,
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  socket.once('end', () => socket.destroy());
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/**
 * For `clientError`: a request Node's parser refused (malformed, headers too large) or that did not
 * arrive within requestTimeout.
 */
export function clientErrorHandler(headers: SecurityHeaders) {
  // Fastify calls it with itself as `this`.
  return function (this: FastifyInstance, error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
    // Later data on a refused connection makes the parser fail again: it has its answer already.
    if (socket.destroyed || socket.writableEnded) return;
    // An answer already half written (pipelined requests) must not get another one spliced into it.
    const answering = (socket as Socket & { _httpMessage?: { _headerSent?: boolean } | null })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || answering?._headerSent) {
      socket.destroy();
      return;
    }
    const refusal = refusalOf(error.code);
    // The code only: the error carries rawPacket, the request's own bytes (X-Key, cookies, the code looked up).
    this.log.debug({ code: error.code, status: refusal.status }, 'refused before routing');
    refuseOnSocket(socket, headers, refusal, endPointOf(error, socket));
  };
}

/** For `connect`: Node drops a CONNECT without a word when nothing listens; this is no proxy. */
export function connectHandler(headers: SecurityHeaders) {
  return (_request: IncomingMessage, socket: Socket): void => {
    refuseOnSocket(socket, headers, { status: 405, error: 'VALIDATION', message: 'CONNECT is not supported' }, '');
  };
}

/** For Fastify's `frameworkErrors`: a URL it cannot decode, before any hook ran. */
export function frameworkErrorHandler(headers: SecurityHeaders) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    reply.headers(headers.forPath(request.url));
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unexpected error');
      sendError(request, reply, 'INTERNAL_SERVER_ERROR', 500, 'Unexpected error');
    } else {
      sendError(request, reply, 'VALIDATION', status, 'The URL is not valid');
    }
  };
}

/** For `checkExpectation`: an Expect header other than 100-continue, which Node answers with a bare 417. */
export function expectationHandler(headers: SecurityHeaders) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    const endPoint = pathOf(request.url ?? '');
    const body = JSON.stringify(errorBody('VALIDATION', 417, 'Only Expect: 100-continue is supported', endPoint));
    response.writeHead(417, {
      ...headers.forPath(endPoint),
      'content-type': JSON_TYPE,
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    response.end(body);
  };
}
