import cors from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import {
  API_KEY_HEADER,
  LOOKUP_PURPOSE_HEADER,
  TRACE_PATH,
  type TraceRequest,
} from '../../src/contract/traceContract.ts';
import { declaredPurpose, LOOKUP_PURPOSES } from '../checks/audience.ts';
import type { CheckedLookup } from '../checks/checkedLookup.ts';
import type { Visitor } from '../checks/lookupCounter.ts';
import type { Config } from '../config.ts';
import type { LimitHook } from '../plugins/rateLimits.ts';
import { normaliseCode } from '../domain/traceCode.ts';
import { JSON_TYPE, sendError } from '../http/errors.ts';
import { BODY_LIMIT, refuseUnreadableBody } from '../http/requestRules.ts';
import { traceErrorBodySchema, traceRequestSchema } from '../http/schemas.ts';
import { buildOpenApiDocument } from './openapi.ts';
import type { TraceAnswer } from '../domain/traceSource.ts';

export interface TraceRoutesOptions {
  config: Config;
  /** The source's lookups, counted (server/checks/checkedLookup.ts). */
  lookup: CheckedLookup;
  visitor: (request: FastifyRequest) => Visitor;
  /** Takes one lookup from the client's budget, shared with the page renders (server/plugins/rateLimits.ts). */
  limit?: LimitHook;
  /** Takes one lookup of a trusted server client (TRUSTED_CLIENT_KEYS) from its key's budget. */
  trustedLimit?: LimitHook;
}

const HEADER = API_KEY_HEADER.toLowerCase();

function send(reply: FastifyReply, answer: TraceAnswer): FastifyReply {
  if (answer.status === 204) return reply.code(204).send();
  if (answer.retryAfterSeconds !== undefined) reply.header('retry-after', String(answer.retryAfterSeconds));
  return reply.code(answer.status).type(JSON_TYPE).send(answer.bytes());
}

/** Everything under the API base path; registered with that prefix so CORS covers only the API. */
export async function traceRoutes(
  app: FastifyInstance,
  { config, lookup, visitor, limit, trustedLimit }: TraceRoutesOptions,
): Promise<void> {
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['POST'],
      allowedHeaders: ['Content-Type', API_KEY_HEADER, LOOKUP_PURPOSE_HEADER],
      maxAge: 600,
    });
  }
  // The key ships inside the public page, so it identifies the client rather than guarding a secret;
  // a plain set lookup is enough.
  const keys = new Set([...config.apiKeys, ...config.staffApiKeys, ...config.trustedClientKeys]);
  const checkKey = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const key = request.headers[HEADER];
    if (typeof key === 'string' && keys.has(key)) return done();
    sendError(request, reply, 'AUTHENTICATION_FAILURE', 401, `Missing or unknown ${API_KEY_HEADER} header`);
  };
  const checkPurpose = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (declaredPurpose(request.headers) !== null) return done();
    sendError(
      request,
      reply,
      'VALIDATION',
      400,
      `${LOOKUP_PURPOSE_HEADER} must be one of: ${LOOKUP_PURPOSES.join(', ')}`,
    );
  };

  app.post<{ Body: TraceRequest }>(
    TRACE_PATH,
    {
      schema: {
        body: traceRequestSchema,
        // Bodies come ready-made as bytes (server/domain/traceSource.ts); traceResponseSchema documents them (OpenAPI).
        response: { '4xx': traceErrorBodySchema, '5xx': traceErrorBodySchema },
      },
      bodyLimit: BODY_LIMIT,
      compress: false,
      decompress: false,
      // The limit comes before the key check, so guessing keys costs requests like any lookup.
      onRequest: [
        ...(trustedLimit ? [trustedLimit] : []),
        ...(limit ? [limit] : []),
        checkKey,
        checkPurpose,
        refuseUnreadableBody,
      ],
    },
    (request, reply) => {
      const answer = lookup(normaliseCode(request.body.QrCode), visitor(request));
      // SQLite answers at once, PostgreSQL and the upstream with a promise: only those pay for awaiting.
      return answer instanceof Promise ? answer.then((settled) => send(reply, settled)) : send(reply, answer);
    },
  );

  const openApi = JSON.stringify(buildOpenApiDocument());
  app.get('/openapi.json', (_request, reply) => reply.type(JSON_TYPE).send(openApi));
}
