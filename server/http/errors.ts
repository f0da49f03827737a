import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { TraceErrorType } from '../../src/contract/traceContract.ts';
import { errorBody } from '../domain/errorBody.ts';
import { requestPath } from './requestTarget.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';

const BAD_BODY_MESSAGE = 'The body must be JSON like {"QrCode": "<17 to 18 letters and digits>"}';

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: TraceErrorType,
  status: number,
  message: string,
): FastifyReply {
  return reply
    .code(status)
    .type(JSON_TYPE)
    .send(errorBody(error, status, message, requestPath(request)));
}

/**
 * Turns anything thrown into the contract's error body. Client mistakes keep a short, fixed message;
 * everything else is logged in full (with the request id pino adds) and answered 'Unexpected error',
 * so no stack, SQL or path leaves the server.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error.statusCode ?? 500;
  if (status === 429) return sendError(request, reply, 'RATE_LIMIT', 429, 'Too many lookups, try again later');
  // A body that is not JSON at all (wrong or missing content type) is a validation problem of the contract.
  if (error.validation || status === 400 || status === 415) {
    return sendError(request, reply, 'VALIDATION', 400, BAD_BODY_MESSAGE);
  }
  if (status === 413) return sendError(request, reply, 'VALIDATION', 413, 'The body is too large');
  // Static files refuse some paths with 403 (a NUL byte, a path out of the folder): to the client
  // that is a file that does not exist, and saying more would only tell what is there.
  if (status === 404 || status === 403) return sendError(request, reply, 'NOT_FOUND', 404, 'Not found');
  if (status < 500) {
    request.log.info({ err: error }, 'client error');
    return sendError(request, reply, 'VALIDATION', status, 'The request was not understood');
  }
  request.log.error({ err: error }, 'unexpected error');
  return sendError(request, reply, 'INTERNAL_SERVER_ERROR', 500, 'Unexpected error');
}
