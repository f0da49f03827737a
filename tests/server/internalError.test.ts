import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TRACE_URL_PATH, type TestServer } from '../support/server/harness.ts';

// At warn, Fastify's per-request lines are off; errors must still be logged with their request id.
describe.each(['info', 'warn'])('at LOG_LEVEL=%s', (level) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: level });
  });
  afterAll(() => server.close());

  it('answers a failure inside the service with 500 and no internals, and logs the details with the request id', async () => {
    // A real fault: another connection drops the table the running service reads from.
    const other = new DatabaseSync(join(server.dir, 'data', 'trace.db'));
    other.exec('DROP TABLE codes');
    other.close();

    const response = await server.trace({ QrCode: '1D24B3261X54A2320' });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: 'INTERNAL_SERVER_ERROR',
      Message: 'Unexpected error',
      status: 500,
      EndPoint: TRACE_URL_PATH,
    });
    expect(text).not.toMatch(/sqlite|table|codes|\.ts|node_modules/i);

    const logged = server.logs.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'unexpected error');
    expect(logged).toBeDefined();
    expect(logged.reqId).toBeTruthy();
    expect(logged.err.message).toMatch(/no such table: codes/);
    expect(logged.err.stack).toContain('codeLookup');
  });
});
