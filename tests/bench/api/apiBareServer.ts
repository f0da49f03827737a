import Fastify from 'fastify';
import { TRACE_URL_PATH } from '../../../src/contract/traceContract.ts';
import { openCodeLookup } from '../../../server/db/sqlite/codeLookup.ts';

// The baseline for npm run bench:api: Fastify with no plugins, one route, a constant JSON body.
// With BENCH_DB set, the route also looks the code up in that database and ignores the result: the
// floor that any service making one SQLite read per request starts from.
const app = Fastify();
const body = { Data: { Products: [], Box: [] } };
const dbPath = process.env.BENCH_DB;
if (dbPath) {
  const lookup = openCodeLookup(dbPath);
  app.post<{ Body: { QrCode: string } }>(TRACE_URL_PATH, (request, reply) => {
    lookup.find(request.body.QrCode);
    return reply.send(body);
  });
} else {
  app.post(TRACE_URL_PATH, (_request, reply) => reply.send(body));
}
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`Bare route ready at ${url}`);
process.once('SIGTERM', () => void app.close());
