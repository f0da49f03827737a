import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { sendError } from './errors.ts';
import { pathOf, relativeTarget } from './requestTarget.ts';

/** The only body the service reads is a lookup: `{"QrCode": "…"}`, far below this. */
export const BODY_LIMIT = 4096;

function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return (length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined;
}

/**
 * Rules for every request, checked before routing. HTTP/1.1 requires Host (RFC 9112 §3.2); Node
 * enforces it with a bare 400 of its own, so the check is here, where the answer gets the contract.
 * Outside the API only GET and HEAD are answered (405 otherwise, RFC 9110 §15.5.6), and no route
 * reads a body, so none is parsed there: refused before a byte of it is read, rather than parsed as
 * JSON and thrown away.
 */
export function checkRequest(apiPrefix: string, answersOptions: (path: string) => boolean = () => false) {
  const apiBase = apiPrefix.slice(0, -1);
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const { headers } = request;
    if (headers.host === undefined && request.raw.httpVersion === '1.1') {
      sendError(request, reply, 'VALIDATION', 400, 'The Host header is missing');
      return;
    }
    const target = relativeTarget(request.url);
    if (target.startsWith(apiPrefix) || pathOf(target) === apiBase) return done();
    // Pages and files are only read: any other method would have rendered the page (and looked its code up).
    // The GS1 resolver also answers OPTIONS (issue 39: GET, HEAD and OPTIONS, as its standard asks).
    const options = request.method === 'OPTIONS' && answersOptions(pathOf(target));
    if (request.method !== 'GET' && request.method !== 'HEAD' && !options) {
      reply.header('allow', 'GET, HEAD');
      sendError(request, reply, 'VALIDATION', 405, `${request.method} is not allowed here: only GET and HEAD`);
      return;
    }
    if (!hasBody(headers)) return done();
    sendError(request, reply, 'VALIDATION', 415, 'This path takes no request body');
  };
}

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

/**
 * The JSON parser reads bytes as UTF-8 whatever the request says, so a gzip body or a Latin-1 one
 * would be misread rather than refused: 415, with Accept-Encoding naming what is accepted (RFC 9110).
 */
export function refuseUnreadableBody(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const { headers } = request;
  if (!hasBody(headers)) return done();
  const coding = headers['content-encoding']?.trim().toLowerCase();
  if (coding !== undefined && coding !== '' && coding !== 'identity') {
    reply.header('accept-encoding', 'identity');
    sendError(request, reply, 'VALIDATION', 415, 'The body must not be compressed (Content-Encoding)');
    return;
  }
  const type = headers['content-type'] ?? '';
  const charset = CHARSET.exec(type)?.[1]?.toLowerCase();
  if (
    charset !== undefined &&
    charset !== 'utf-8' &&
    charset !== 'utf8' &&
    /^\s*application\/json\s*(;|$)/i.test(type)
  ) {
    sendError(request, reply, 'VALIDATION', 415, 'The body must be UTF-8 JSON');
    return;
  }
  done();
}
