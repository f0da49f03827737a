import Fastify from 'fastify';

// The baseline for npm run bench:api: Fastify with no plugins, one route, a constant JSON body.
const app = Fastify();
const body = { Data: { Products: [], Box: [] } };
app.post('/qrinfo-svc/api/qr/trace', (_request, reply) => reply.send(body));
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`Bare route ready at ${url}`);
process.once('SIGTERM', () => void app.close());
