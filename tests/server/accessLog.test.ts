import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it } from 'vitest';
import { startTestServer, TRACE_URL_PATH, type TestServer } from '../support/server/harness.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const KEY = 'client-key-7f3a9c';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  url?: string;
  status?: number;
  ms?: number;
  ip?: string;
}

const parsed = (logs: string[]) => logs.map((line) => JSON.parse(line) as LogLine);

/**
 * The access line is written once the response has left, which can be just after the client has it;
 * waits for `count` of them, at most 2 s.
 */
async function accessLines(logs: string[], count: number): Promise<LogLine[]> {
  for (let waited = 0; waited < 2000; waited += 10) {
    const lines = parsed(logs).filter((line) => line.msg === 'request');
    if (lines.length >= count) return lines;
    await sleep(10);
  }
  return parsed(logs).filter((line) => line.msg === 'request');
}

it('writes one line per request at info: method, path, status, duration, client network and request id', async () => {
  server = await startTestServer({ TRACE_API_KEYS: KEY });
  server.logs.length = 0;
  expect((await server.trace({ QrCode: '1D24B3261X54A2320' }, { 'X-Key': KEY })).status).toBe(200);
  expect((await fetch(`${server.url}/dt?qr=TH26A1105C48B0001&lng=en`)).status).toBe(200);

  const lines = await accessLines(server.logs, 2);
  expect(lines).toHaveLength(2);
  // The network (/24), not the address: with the time, enough to tell a flood's source, not a shopper.
  expect(lines[0]).toMatchObject({ level: 30, method: 'POST', url: TRACE_URL_PATH, status: 200, ip: '127.0.0.0/24' });
  // Which code a shopper looked up stays out of the log: query values are elided, their names kept.
  expect(lines[1]).toMatchObject({ level: 30, method: 'GET', url: '/dt?qr=…&lng=…', status: 200, ip: '127.0.0.0/24' });
  expect(server.logs.join('')).not.toContain('TH26A1105C48B0001');
  expect(server.logs.join('')).not.toContain('127.0.0.1');
  for (const line of lines) {
    expect(line.ms).toBeGreaterThan(0);
    expect(line.reqId).toMatch(/\S/);
  }
  expect(lines[0]!.reqId).not.toBe(lines[1]!.reqId);
  // Fastify's own pair of lines per request is gone.
  expect(parsed(server.logs).map((line) => line.msg)).toEqual(['request', 'request']);
});

it('never logs the X-Key, accepted or not', async () => {
  server = await startTestServer({ TRACE_API_KEYS: KEY });
  expect((await server.trace({ QrCode: '1D24B3261X54A2320' }, { 'X-Key': KEY })).status).toBe(200);
  expect((await server.trace({ QrCode: '1D24B3261X54A2320' }, { 'X-Key': 'wrong-key-55d1e0' })).status).toBe(401);
  const lines = await accessLines(server.logs, 2);
  expect(lines.map((line) => line.status)).toEqual([200, 401]);
  const text = server.logs.join('');
  expect(text).not.toContain(KEY);
  expect(text).not.toContain('wrong-key-55d1e0');
});

it('at LOG_LEVEL=debug also logs each request as it arrives, so one that never finishes shows', async () => {
  server = await startTestServer({ LOG_LEVEL: 'debug' });
  server.logs.length = 0;
  expect((await server.trace({ QrCode: '1D24B3261X54A2320' })).status).toBe(200);
  expect((await fetch(`${server.url}/dt?qr=TH26A1105C48B0001`)).status).toBe(200);
  const [done, page] = await accessLines(server.logs, 2);
  const arrived = parsed(server.logs).filter((line) => line.msg === 'incoming request');
  expect(arrived).toEqual([
    expect.objectContaining({ level: 20, method: 'POST', url: TRACE_URL_PATH, reqId: done!.reqId }),
    expect.objectContaining({ level: 20, method: 'GET', url: '/dt?qr=…', reqId: page!.reqId }),
  ]);
  expect(server.logs.join('')).not.toContain('TH26A1105C48B0001');
});

it('writes none at LOG_LEVEL=warn', async () => {
  server = await startTestServer({ LOG_LEVEL: 'warn' });
  expect((await server.trace({ QrCode: '1D24B3261X54A2320' })).status).toBe(200);
  // Let a line that should not come have the time to.
  await sleep(100);
  expect(parsed(server.logs).filter((line) => line.level < 40)).toEqual([]);
});
