import { afterEach, describe, expect, it } from 'vitest';
import { BACKENDS, type TestDatabase } from '../support/server/backends.ts';
import { startTestServer, type TestServer } from '../support/server/harness.ts';

let server: TestServer | undefined;
afterEach(() => server?.close());

it('answers /healthz and /readyz with 200 and never from a cache', async () => {
  server = await startTestServer();
  for (const [path, body] of [
    ['/healthz', { status: 'ok' }],
    ['/readyz', { status: 'ready' }],
  ] as const) {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual(body);
  }
});

it('is not ready while draining, though still alive', async () => {
  server = await startTestServer();
  server.lifecycle.draining = true;
  const response = await fetch(`${server.url}/readyz`);
  expect(response.status).toBe(503);
  expect(response.headers.get('connection')).toBe('close');
  expect(await response.json()).toEqual({
    error: 'INTERNAL_SERVER_ERROR',
    Message: 'Shutting down',
    status: 503,
    EndPoint: '/readyz',
  });
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
});

describe.each(BACKENDS)('on $name', (backend) => {
  let database: TestDatabase;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await database?.drop();
  });

  it('is ready once the database answers', async () => {
    database = await backend.create();
    server = await startTestServer(database.env);
    const response = await fetch(`${server.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready' });
  });

  it('is not ready when the database cannot be read, and logs why', async () => {
    database = await backend.create();
    server = await startTestServer({ ...database.env, RATE_LIMIT_MAX: '0' });
    await database.exec('DROP TABLE codes');
    const response = await fetch(`${server.url}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      error: 'INTERNAL_SERVER_ERROR',
      Message: 'Database unreachable',
      status: 503,
    });
    const why = backend.name === 'SQLite' ? 'no such table' : 'relation \\"codes\\" does not exist';
    expect(server.logs.some((line) => line.includes('readiness: database unreachable') && line.includes(why))).toBe(
      true,
    );
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
