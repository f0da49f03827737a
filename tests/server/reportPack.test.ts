import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  REPORT_ERRORS,
  REPORTS_URL_PATH,
  type ReportErrorBody,
  type StaffReportList,
} from '../../src/contract/reports.ts';
import { API_KEY_HEADER } from '../../src/contract/traceContract.ts';
import { BACKENDS, type TestDatabase } from '../support/server/backends.ts';
import { DEMO_KEY, startTestServer, type TestServer } from '../support/server/harness.ts';
import { freePort, startReceiver } from '../support/server/webhookReceiver.ts';
import { runTs } from '../support/system/childProcess.ts';

// Issue 41 point 3, on both databases: a report sent from a page opened at a GS1 Digital Link carries what the pack
// printed (GTIN, lot, expiry); the service checks it, stores it, and gives it to the desk beside the code's record
// (with the record's GTIN), to the brand's system in the webhook's JSON, and in the reports' CSV.

const STAFF = 'desk-key-report-pack';
const SECRET = 'test-secret-'.padEnd(40, 'x');
/** The demo can: GTIN 08930000000002, lot L2026-0612, expiry 2028-06-12 in the record. */
const CODE = '1D24B3261X54A2320';
const PRINTED = { gtin: '08930000000002', lot: 'L2025-0101', expiry: '2029-01-31' };
const WITHIN = { timeout: 20_000, interval: 50 };
const from = (network: number) => ({ 'x-forwarded-for': `198.51.${network}.7` });

describe.each(BACKENDS)("a report's pack on $name", { timeout: 60_000 }, (backend) => {
  let database: TestDatabase;
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const send = (body: unknown, network: number) =>
    fetch(`${server.url}${REPORTS_URL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [API_KEY_HEADER]: DEMO_KEY, ...from(network) },
      body: JSON.stringify(body),
    });
  const list = async (query: string) =>
    (await (
      await fetch(`${server.url}${REPORTS_URL_PATH}${query}`, { headers: { [API_KEY_HEADER]: STAFF } })
    ).json()) as StaffReportList;
  const stored = async () => Number((await database.rows('SELECT count(*) AS n FROM reports'))[0]!.n);
  const referenceOf = async (response: Response) => {
    expect(response.status).toBe(201);
    return ((await response.json()) as { reference: string }).reference;
  };

  beforeAll(async () => {
    database = await backend.create();
    const port = await freePort();
    receiver = await startReceiver(port);
    server = await startTestServer({
      ...database.env,
      STAFF_API_KEYS: STAFF,
      TRUST_PROXY: '1',
      REPORT_WEBHOOK_URL: `http://127.0.0.1:${port}/hooks/reports`,
      REPORT_WEBHOOK_SECRET: SECRET,
    });
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
    await database?.drop();
  });

  it("stores what the pack printed and gives it to staff beside the record's lot and GTIN", async () => {
    const withPack = await referenceOf(
      await send({ code: CODE, reason: 'mismatch', province: 'haNoi', pack: PRINTED }, 1),
    );
    const lotOnly = await referenceOf(
      await send({ code: CODE, reason: 'seal', province: 'hue', pack: { ...PRINTED, expiry: null } }, 2),
    );
    const without = await referenceOf(await send({ code: CODE, reason: 'other', province: 'hue' }, 3));

    const { reports } = await list(`?code=${CODE}`);
    const byReference = new Map(reports.map((report) => [report.reference, report]));
    expect(byReference.get(withPack)).toMatchObject({
      pack: PRINTED,
      facts: { lot: { lotCode: 'L2026-0612', gtin: '08930000000002', expireDate: '2028-06-12' } },
    });
    expect(byReference.get(lotOnly)?.pack).toEqual({ ...PRINTED, expiry: null });
    expect(byReference.get(without)?.pack).toBeNull();
  });

  it("refuses a pack no Digital Link gives, with the pack's message, and stores nothing", async () => {
    const before = await stored();
    for (const pack of [
      { ...PRINTED, gtin: '08930000000001' },
      { ...PRINTED, lot: 'L'.repeat(21) },
      { ...PRINTED, lot: 'Lô 2025' },
      { ...PRINTED, expiry: '2029-02-30' },
      { ...PRINTED, serial: CODE },
      'L2025-0101',
    ]) {
      const response = await send({ code: CODE, reason: 'mismatch', province: 'haNoi', pack }, 10);
      expect(response.status, JSON.stringify(pack)).toBe(400);
      expect((await response.json()) as ReportErrorBody).toMatchObject({
        error: 'VALIDATION',
        Message: REPORT_ERRORS.pack,
        field: 'pack',
      });
    }
    expect(await stored()).toBe(before);
  });

  it("gives the pack to the brand's system in the webhook's JSON and in the reports' CSV", async () => {
    const reference = await referenceOf(
      await send({ code: 'TH26A1105C48B0001', reason: 'mismatch', province: 'canTho', pack: PRINTED }, 20),
    );
    const delivered = (found: (body: Record<string, unknown>) => boolean) =>
      receiver.deliveries.map(({ body }) => JSON.parse(body) as Record<string, unknown>).find(found);
    await vi.waitFor(() => {
      expect(delivered((body) => body.reference === reference)).toMatchObject({ reason: 'mismatch', pack: PRINTED });
      // The report of the first case sent without a pack.
      expect(delivered((body) => body.reason === 'other')).toMatchObject({ code: CODE, pack: null });
    }, WITHIN);

    const csv = await runTs('server/cli/reportCodes.ts', { args: ['--reports', '--since', '1d'], env: database.env });
    expect(csv.stderr).toBe('');
    const [header, ...rows] = csv.stdout.trim().split('\n');
    expect(header).toMatch(/,sent_hour,pack_gtin,pack_lot,pack_expiry$/);
    expect(rows.find((row) => row.includes(reference))).toMatch(/,08930000000002,L2025-0101,2029-01-31$/);
    // A report without a pack leaves the three empty.
    expect(rows.find((row) => row.includes(',other,'))).toMatch(/,,,$/);
  });
});
