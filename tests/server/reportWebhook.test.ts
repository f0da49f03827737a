import { createHmac } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPORTS_URL_PATH } from '../../src/contract/reports.ts';
import { API_KEY_HEADER } from '../../src/contract/traceContract.ts';
import { BACKENDS, type TestDatabase } from '../support/server/backends.ts';
import { DEMO_KEY, startTestServer, type TestServer } from '../support/server/harness.ts';
import { freePort, startReceiver } from '../support/server/webhookReceiver.ts';

// Issue 41 point 5: each new report reaches the brand's system, signed, its delivery waiting on the report's own
// row: not while the receiver is down (nor while it hangs, which never holds the shopper's answer), and once it is
// back, every one of them however many came meanwhile.

const SECRET = 'test-secret-'.padEnd(40, 'x');
const CODE = '1D24B3261X54A2320';
/** One network reports a code once a day: the first report is on another code. */
const OTHER_CODE = 'QS26A0404K10Z0001';
const STAFF = 'desk-key-webhook';
/** Bounded waits for what the test waits to see happen, polled: never a fixed sleep. */
const WITHIN = { timeout: 20_000, interval: 50 };

describe.each(BACKENDS)('the reports’ webhook on $name', { timeout: 60_000 }, (backend) => {
  let database: TestDatabase;
  let server: TestServer;
  let port: number;
  const send = async (shop: string, code = CODE, network = 1) => {
    const response = await fetch(`${server.url}${REPORTS_URL_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [API_KEY_HEADER]: DEMO_KEY,
        // Each network reports a code once a day: one trusted proxy hop names the shopper's.
        'x-forwarded-for': `203.0.${network}.9`,
      },
      body: JSON.stringify({ code, reason: 'quality', province: 'daNang', shop, phone: '0905 123 456' }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { reference: string }).reference;
  };
  const waiting = async () =>
    Number((await database.rows('SELECT count(*) AS n FROM reports WHERE delivery_due IS NOT NULL'))[0]!.n);

  beforeAll(async () => {
    database = await backend.create();
    port = await freePort();
    server = await startTestServer({
      ...database.env,
      REPORT_WEBHOOK_URL: `http://127.0.0.1:${port}/hooks/reports`,
      REPORT_WEBHOOK_SECRET: SECRET,
      STAFF_API_KEYS: STAFF,
      REPORT_WEBHOOK_RETRY_MS: '200',
      REPORT_WEBHOOK_RETRY_MAX_MS: '1000',
      REPORT_WEBHOOK_TIMEOUT_MS: '3000',
      TRUST_PROXY: '1',
      // The old outbox's cap, which dropped every delivery past it: no longer read, and said so at the start.
      REPORT_WEBHOOK_OUTBOX_MAX: '3',
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('keeps a report while the receiver is down or hangs, answers the shopper meanwhile, and delivers both once it is back', async () => {
    // Down: nothing listens. The delivery fails and waits on its report.
    const first = await send('Cửa hàng Một', OTHER_CODE);
    await vi.waitFor(() => expect(server.logs.join('\n')).toContain(`${first} not delivered`), WITHIN);
    expect(await waiting()).toBe(1);
    // Staff close the first case before the brand's system has it: its phone number goes from the delivery too.
    const closed = await fetch(`${server.url}${REPORTS_URL_PATH}/${first}/close`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [API_KEY_HEADER]: STAFF },
      body: JSON.stringify({ note: 'Called back.' }),
    });
    expect(closed.status).toBe(200);

    // Hanging: a receiver that takes the connection and never answers.
    const sockets: Socket[] = [];
    const hanging = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => hanging.listen(port, '127.0.0.1', resolve));
    await vi.waitFor(() => expect(sockets.length).toBeGreaterThan(0), WITHIN);
    // The shopper's answer comes while the delivery before it still hangs.
    const second = await send('Cửa hàng Hai');
    expect(sockets.some((socket) => !socket.destroyed)).toBe(true);
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => hanging.close(() => resolve()));

    // Back: both arrive, each once it is due again.
    const receiver = await startReceiver(port);
    try {
      await vi.waitFor(() => {
        const references = receiver.deliveries.map(({ headers }) => headers['x-report-reference']);
        expect(references).toEqual(expect.arrayContaining([first, second]));
      }, WITHIN);
      await vi.waitFor(async () => expect(await waiting()).toBe(0), WITHIN);

      for (const { headers, body } of receiver.deliveries) {
        // What the brand's system checks (docs/deploy.md): the signature over timestamp.body, and a fresh timestamp.
        const timestamp = String(headers['x-report-timestamp']);
        const expected = `sha256=${createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex')}`;
        expect(headers['x-report-signature']).toBe(expected);
        expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(60);
        expect(headers['content-type']).toBe('application/json');
      }
      const closedCase = receiver.deliveries.find(({ headers }) => headers['x-report-reference'] === first)!;
      expect(JSON.parse(closedCase.body)).toMatchObject({ reference: first, code: OTHER_CODE, phone: null });
      expect(closedCase.body).not.toContain('0905');
      const delivered = receiver.deliveries.find(({ headers }) => headers['x-report-reference'] === second)!;
      expect(JSON.parse(delivered.body)).toMatchObject({
        reference: second,
        code: CODE,
        reason: 'quality',
        province: 'daNang',
        shop: 'Cửa hàng Hai',
        phone: '0905 123 456',
        hasPhoto: false,
        photoPath: null,
      });
    } finally {
      await receiver.close();
    }
  });

  it('keeps every report’s delivery while the receiver is down, past the old outbox’s cap, and delivers each once it is back', async () => {
    expect(server.logs.join('\n')).toContain('REPORT_WEBHOOK_OUTBOX_MAX is no longer read');
    const sent: string[] = [];
    // Eight reports from eight networks, more than the old cap of 3 (which stored five of them undelivered).
    for (let network = 10; network < 18; network++) sent.push(await send(`Cửa hàng ${network}`, CODE, network));
    await vi.waitFor(() => expect(server.logs.join('\n')).toContain(`${sent.at(-1)} not delivered`), WITHIN);
    expect(await waiting()).toBe(sent.length);

    const receiver = await startReceiver(port);
    try {
      await vi.waitFor(async () => expect(await waiting()).toBe(0), WITHIN);
      const references = receiver.deliveries.map(({ headers }) => String(headers['x-report-reference']));
      expect(new Set(references)).toEqual(new Set(sent));
      const bodies = receiver.deliveries.map(({ body }) => JSON.parse(body) as { shop: string; phone: string });
      expect(new Set(bodies.map(({ shop }) => shop))).toEqual(new Set(sent.map((_, i) => `Cửa hàng ${10 + i}`)));
      expect(bodies.every(({ phone }) => phone === '0905 123 456')).toBe(true);
    } finally {
      await receiver.close();
    }
  });
});
