import { DatabaseSync } from 'node:sqlite';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPORT_ERRORS,
  REPORT_REFERENCE_PATTERN,
  REPORTS_URL_PATH,
  type ReportErrorBody,
  type StaffReport,
  type StaffReportList,
} from '../../src/contract/reports.ts';
import { API_KEY_HEADER } from '../../src/contract/traceContract.ts';
import { REPORT_BODY_IN_WORKER_BYTES } from '../../server/routes/reports.ts';
import { BACKENDS, type TestDatabase } from '../support/server/backends.ts';
import { DEMO_KEY, startTestServer, type TestServer } from '../support/server/harness.ts';
import { reportPhotos } from '../support/server/reportPhotos.ts';
import { runTs } from '../support/system/childProcess.ts';

// Issue 41: shoppers' reports against the real service on both databases: a shopper sends one with the page's
// key, staff read, see the photo of and close them with a staff key; hostile reports get the field's message key
// and change nothing; floods from one network or on one code are refused for the day.

const STAFF = 'desk-key-reports';
const CODE = '1D24B3261X54A2320';
const minimal = { code: CODE, reason: 'seal', province: 'hoChiMinh' };
/** Each test's reports come from a network of its own (one trusted proxy hop names it). */
const from = (network: number) => ({ 'x-forwarded-for': `203.0.${network}.9` });

describe.each(BACKENDS)('shoppers’ reports on $name', { timeout: 60_000 }, (backend) => {
  let database: TestDatabase;
  let server: TestServer;
  let photos: Awaited<ReturnType<typeof reportPhotos>>;
  /** The full report's reference, for the CSV. */
  let fullReference = '';
  const send = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${REPORTS_URL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [API_KEY_HEADER]: DEMO_KEY, ...from(1), ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const staff = (path: string, init: RequestInit = {}, key: string | null = STAFF) =>
    fetch(`${server.url}${REPORTS_URL_PATH}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        ...(key === null ? {} : { [API_KEY_HEADER]: key }),
        ...init.headers,
      },
    });
  const list = async (query = '') => (await (await staff(query)).json()) as StaffReportList;
  const stored = async () => Number((await database.rows('SELECT count(*) AS n FROM reports'))[0]!.n);

  beforeAll(async () => {
    photos = await reportPhotos();
    database = await backend.create();
    server = await startTestServer({
      ...database.env,
      STAFF_API_KEYS: STAFF,
      TRUST_PROXY: '1',
      RATE_LIMIT_MAX: '100000',
      REPORTS_PER_NETWORK_DAY: '3',
      REPORTS_PER_CODE_DAY: '10',
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('takes a minimum report and gives a reference; staff see it beside the code’s facts', async () => {
    // A shopper's lookup first: the facts beside the report say when the code was first checked.
    await server.trace({ QrCode: CODE });
    const response = await send(minimal, from(10));
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    expect(reference).toMatch(REPORT_REFERENCE_PATTERN);

    const { reports } = await list(`?code=${CODE.toLowerCase()}`);
    const report = reports.find((one) => one.reference === reference)!;
    expect(report).toMatchObject({
      code: CODE,
      reason: 'seal',
      province: 'hoChiMinh',
      shop: null,
      phone: null,
      hasPhoto: false,
      status: 'open',
      facts: { lot: { lotCode: 'L2026-0612', productCode: 'SB900G', expireDate: '2028-06-12' }, caution: false },
    });
    expect(report.createdHour).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z$/);
  });

  it('stores exactly what the shopper gave, with the photo, and no address, User-Agent or device of theirs', async () => {
    const full = {
      ...minimal,
      reason: 'mismatch',
      province: 'haNoi',
      shop: 'Tạp hoá <script>alert(1)</script>',
      address: '12 Chợ Đồng Xuân, "Hoàn Kiếm"',
      boughtOn: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
      phone: '0912 345 678',
      photo: photos.jpegUrl,
    };
    const response = await send(full, { ...from(11), 'user-agent': 'TraceTestPhone/1.0' });
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    fullReference = reference;

    const report = (await list('?province=haNoi&reason=mismatch')).reports.find((one) => one.reference === reference)!;
    expect(report).toMatchObject({
      shop: full.shop,
      address: full.address,
      boughtOn: full.boughtOn,
      phone: full.phone,
    });
    expect(report.hasPhoto).toBe(true);
    const photo = await staff(`/${reference}/photo`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(photo.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await photo.arrayBuffer()).equals(photos.jpeg)).toBe(true);

    const everything = JSON.stringify(await database.everyTable());
    expect(everything).not.toContain('203.0.11');
    expect(everything).not.toContain('TraceTestPhone');
  });

  it('keeps a phone-sized photo whole, read off the service’s thread and handed to the database', async () => {
    // Noise, so the JPEG is the size of a phone's (the body ~200 KB: read in the worker, the photo's bytes moved
    // back, then moved to SQLite's writer or freed once sent to PostgreSQL).
    const jpeg = await sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    expect(jpeg.byteLength).toBeGreaterThan(REPORT_BODY_IN_WORKER_BYTES);
    const response = await send({ ...minimal, photo: `data:image/jpeg;base64,${jpeg.toString('base64')}` }, from(13));
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    const photo = await staff(`/${reference}/photo`);
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(jpeg)).toBe(true);
  });

  it('never lets a report reach a shopper’s answer', async () => {
    await send({ ...minimal, shop: 'Shop-only-in-a-report' }, from(12));
    const answer = await (await server.trace({ QrCode: CODE })).text();
    expect(answer).not.toContain('Shop-only-in-a-report');
    expect(answer).not.toMatch(/R-[2-9A-Z]{4}-/);
  });

  it('refuses the desk’s routes without a staff key: 401 without a key, 403 with the page’s', async () => {
    for (const [key, status] of [
      [null, 401],
      ['wrong', 401],
      [DEMO_KEY, 403],
    ] as const) {
      for (const [path, init] of [
        ['', {}],
        ['/R-2222-2222/photo', {}],
        ['/R-2222-2222/close', { method: 'POST', body: JSON.stringify({ note: 'x' }) }],
      ] as const) {
        const response = await staff(path, init, key);
        expect(response.status).toBe(status);
        const body = (await response.json()) as ReportErrorBody;
        expect(body.error).toBe('AUTHENTICATION_FAILURE');
        expect(JSON.stringify(body)).not.toContain(CODE);
      }
    }
    // Nor may a shopper send one without the page's key.
    expect((await send(minimal, { [API_KEY_HEADER]: 'wrong' })).status).toBe(401);
  });

  it('answers hostile reports with the field’s message key and stores nothing', async () => {
    const before = await stored();
    const cases: [unknown, number, string, string | undefined][] = [
      [{ ...minimal, shop: 'x'.repeat(101) }, 400, REPORT_ERRORS.shop, 'shop'],
      [{ ...minimal, address: 'y'.repeat(5000) }, 400, REPORT_ERRORS.address, 'address'],
      [{ ...minimal, phone: '<img src=x onerror=alert(1)>' }, 400, REPORT_ERRORS.phone, 'phone'],
      [{ ...minimal, province: 'Sài Gòn' }, 400, REPORT_ERRORS.province, 'province'],
      [{ ...minimal, code: '<script>' }, 400, REPORT_ERRORS.code, 'code'],
      [{ ...minimal, boughtOn: '2099-01-01' }, 400, REPORT_ERRORS.boughtOnFuture, 'boughtOn'],
      [{ ...minimal, photo: photos.svgUrl }, 400, REPORT_ERRORS.photoType, 'photo'],
      [{ ...minimal, photo: photos.svgAsPngUrl }, 400, REPORT_ERRORS.photoContent, 'photo'],
      [{ ...minimal, photo: 'data:image/jpeg;base64,<svg onload=alert(1)>' }, 400, REPORT_ERRORS.photoType, 'photo'],
      [{ ...minimal, photo: photos.gpsUrl }, 400, REPORT_ERRORS.photoMetadata, 'photo'],
      [
        { ...minimal, photo: `data:image/jpeg;base64,${'A'.repeat(50 * 1024 * 1024)}` },
        413,
        REPORT_ERRORS.photoTooBig,
        'photo',
      ],
      ['{"code": ', 400, REPORT_ERRORS.body, undefined],
      // A key that would be the prototype elsewhere is only a field nobody reads here.
      [`{"__proto__":{"reason":"seal"},"code":"${CODE}","province":"haNoi"}`, 400, REPORT_ERRORS.reason, 'reason'],
      [[minimal], 400, REPORT_ERRORS.body, undefined],
    ];
    for (const [body, status, key, field] of cases) {
      const response = await send(body, from(20));
      expect(response.status, key).toBe(status);
      const answer = (await response.json()) as ReportErrorBody;
      expect(answer).toMatchObject({ error: 'VALIDATION', Message: key, EndPoint: REPORTS_URL_PATH });
      expect(answer.field).toBe(field);
    }
    expect(await stored()).toBe(before);
    // Refusals take nothing of the network's reports for the day: it may still send its three (on three codes).
    for (let i = 1; i <= 3; i++)
      expect((await send({ ...minimal, code: `QS26A0404K10Z000${i}` }, from(20))).status).toBe(201);
  });

  it('refuses a flood from one network, and a flood on one code from many, for the day', async () => {
    for (let i = 1; i <= 3; i++)
      expect((await send({ ...minimal, code: `TH26A1105C48B000${i}` }, from(30))).status).toBe(201);
    const refused = await send({ ...minimal, code: 'HP26A1105C48B0001' }, from(30));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as ReportErrorBody).Message).toBe(REPORT_ERRORS.tooMany);
  });

  it('keeps a counterfeiter’s few networks from silencing a code: each reports it once a day', async () => {
    // Seven networks each send three junk reports on one code, as a copier would each morning: one each is taken,
    // the others are told the code was already reported from there.
    const code = 'TH26A1105C48B0099';
    const bodies = { ...minimal, code, shop: 'junk' };
    const keys: string[] = [];
    for (let network = 31; network < 38; network++) {
      for (let i = 0; i < 3; i++) {
        const response = await send(bodies, from(network));
        keys.push(response.status === 201 ? '201' : ((await response.json()) as ReportErrorBody).Message);
      }
    }
    expect(keys).toEqual(
      Array.from({ length: 7 }, () => ['201', REPORT_ERRORS.alreadyReported, REPORT_ERRORS.alreadyReported]).flat(),
    );
    // A genuine shopper on another network is still heard.
    expect((await send({ ...minimal, code }, from(38))).status).toBe(201);
    // Past REPORTS_PER_CODE_DAY (10 here) from everyone, the shopper reads that the code is known, not that they sent too many.
    expect((await send({ ...minimal, code }, from(39))).status).toBe(201);
    expect((await send({ ...minimal, code }, from(41))).status).toBe(201);
    const full = await send({ ...minimal, code }, from(42));
    expect(full.status).toBe(429);
    expect(Number(full.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await full.json()) as ReportErrorBody).Message).toBe(REPORT_ERRORS.codeReported);
    expect((await list(`?code=${code}`)).reports).toHaveLength(10);
  });

  it('closes a report with a note and deletes its phone number', async () => {
    const response = await send({ ...minimal, province: 'canTho', phone: '+84 912 000 111' }, from(40));
    const { reference } = (await response.json()) as { reference: string };
    expect((await staff(`/${reference}/close`, { method: 'POST', body: JSON.stringify({ note: '' }) })).status).toBe(
      400,
    );
    const closing = await staff(`/${reference}/close`, {
      method: 'POST',
      body: JSON.stringify({ note: 'Called back: the shop sells a parallel import.' }),
    });
    expect(closing.status).toBe(200);
    const closed = (await closing.json()) as StaffReport;
    expect(closed).toMatchObject({
      status: 'closed',
      phone: null,
      closedNote: 'Called back: the shop sells a parallel import.',
    });
    expect((await list('?province=canTho')).reports).toEqual([]);
    expect((await list('?status=closed&province=canTho')).reports.map((one) => one.reference)).toEqual([reference]);
    expect(await database.rows(`SELECT phone FROM reports WHERE reference = '${reference}'`)).toEqual([
      { phone: null },
    ]);
    expect((await staff('/R-2222-2222/close', { method: 'POST', body: JSON.stringify({ note: 'x' }) })).status).toBe(
      404,
    );
  });

  it('lists newest first, a page at a time', async () => {
    const { reports } = await list();
    const ids = reports.map((one) => one.reference);
    expect(new Set(ids).size).toBe(ids.length);
    expect(reports.every((one) => one.status === 'open')).toBe(true);
    expect((await staff('?province=atlantis')).status).toBe(400);
  });

  it('lists the period’s reports as CSV for the brand (npm run report:codes -- --reports)', async () => {
    const csv = await runTs('server/cli/reportCodes.ts', { args: ['--reports', '--since', '1d'], env: database.env });
    expect(csv.stderr).toBe('');
    expect(csv.code).toBe(0);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe(
      'code,lot,province,shop,reason,bought_on,first_check,networks,status,reference,sent_hour,pack_gtin,pack_lot,pack_expiry',
    );
    const row = lines.find((line) => line.includes(fullReference));
    // The shop as typed; first check and networks as the counts say them.
    expect(row).toMatch(
      new RegExp(
        `^${CODE},L2026-0612,haNoi,Tạp hoá <script>alert\\(1\\)</script>,mismatch,\\d{4}-\\d{2}-\\d{2},[\\d-]*,\\d+,open,${fullReference},\\d{4}-`,
      ),
    );
    // Every report of the day, refused ones never.
    expect(lines.length - 1).toBe(await stored());
  });
});

describe('reports from a page on another site (CORS_ORIGINS)', () => {
  it('lets the allowed origin send one and no other', async () => {
    const server = await startTestServer({ CORS_ORIGINS: 'https://shop.example.com' });
    try {
      const preflight = (origin: string) =>
        fetch(`${server.url}${REPORTS_URL_PATH}`, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': `content-type,${API_KEY_HEADER.toLowerCase()}`,
          },
        });
      const allowed = await preflight('https://shop.example.com');
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
      expect((await preflight('https://evil.example.net')).headers.get('access-control-allow-origin')).toBeNull();
      const sent = await fetch(`${server.url}${REPORTS_URL_PATH}`, {
        method: 'POST',
        headers: { origin: 'https://shop.example.com', 'content-type': 'application/json', [API_KEY_HEADER]: DEMO_KEY },
        body: JSON.stringify(minimal),
      });
      expect(sent.status).toBe(201);
      expect(sent.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
    } finally {
      await server.close();
    }
  });
});

describe('reports through a page server in front (TRUSTED_CLIENT_KEYS)', () => {
  it('counts each shopper it names against their own network, not the page server’s', async () => {
    const server = await startTestServer({ TRUSTED_CLIENT_KEYS: 'page-server-key', REPORTS_PER_NETWORK_DAY: '1' });
    try {
      const send = (shopper: string) =>
        fetch(`${server.url}${REPORTS_URL_PATH}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [API_KEY_HEADER]: 'page-server-key',
            'x-forwarded-for': shopper,
          },
          body: JSON.stringify(minimal),
        });
      expect((await send('198.51.100.7')).status).toBe(201);
      expect((await send('203.0.113.9')).status).toBe(201);
      expect((await send('198.51.100.8')).status).toBe(429);
    } finally {
      await server.close();
    }
  });
});

describe('a report the database cannot store (SQLite locked past its wait)', { timeout: 60_000 }, () => {
  it('answers 503 with Retry-After and leaves the shopper’s day untouched, so the report can be sent again', async () => {
    const database = await BACKENDS.find((one) => one.name === 'SQLite')!.create();
    const server = await startTestServer({ ...database.env, REPORTS_PER_NETWORK_DAY: '1' });
    const send = () =>
      fetch(`${server.url}${REPORTS_URL_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [API_KEY_HEADER]: DEMO_KEY },
        body: JSON.stringify(minimal),
      });
    // Another writer (an import, a backup) holds the file's write lock longer than a report waits for it.
    const holder = new DatabaseSync(database.config.dbPath!);
    try {
      holder.exec('BEGIN IMMEDIATE');
      const refused = await send();
      holder.exec('ROLLBACK');
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ error: 'INTERNAL_SERVER_ERROR', status: 503 });
      // The network's one report of the day, on this code, was given back.
      expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(429);
    } finally {
      if (holder.isTransaction) holder.exec('ROLLBACK');
      holder.close();
      await server.close();
      await database.drop();
    }
  });
});

describe.each(BACKENDS)('the whole day’s bound on $name', { timeout: 60_000 }, (backend) => {
  it('refuses reports past the day’s photos, then past its reports, with the shopper’s text and one log line, writing nothing, after a restart too', async () => {
    const photos = await reportPhotos();
    const database = await backend.create();
    const env = {
      ...database.env,
      TRUST_PROXY: '1',
      REPORTS_DAY_MAX: '3',
      REPORTS_PHOTO_BYTES_DAY_MAX: String(photos.jpeg.length),
    };
    let server = await startTestServer(env);
    const send = (body: object, network: number) =>
      fetch(`${server.url}${REPORTS_URL_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [API_KEY_HEADER]: DEMO_KEY, ...from(network) },
        body: JSON.stringify(body),
      });
    const refusal = async (response: Response) => {
      expect(response.status).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      return (await response.json()) as ReportErrorBody;
    };
    const stored = async () => Number((await database.rows('SELECT count(*) AS n FROM reports'))[0]!.n);
    try {
      expect((await send({ ...minimal, photo: photos.jpegUrl }, 50)).status).toBe(201);
      // The day's photos are full: another photo is refused, on its field; the same report without it is taken
      // (the refusal took nothing of the network's day).
      expect(await refusal(await send({ ...minimal, photo: photos.jpegUrl }, 51))).toMatchObject({
        Message: REPORT_ERRORS.photosDayFull,
        field: 'photo',
      });
      expect((await send(minimal, 51)).status).toBe(201);
      expect((await send(minimal, 52)).status).toBe(201);
      // The day's reports are full: every report is refused, the brand told once in the log.
      for (const network of [53, 54]) {
        expect(await refusal(await send(minimal, network))).toMatchObject({ Message: REPORT_ERRORS.dayFull });
      }
      expect(server.logs.filter((line) => line.includes('REPORTS_DAY_MAX reports from everyone'))).toHaveLength(1);
      expect(await stored()).toBe(3);
      expect(await database.rows('SELECT reports, photo_bytes FROM report_days')).toEqual([
        { reports: 3, photo_bytes: backend.name === 'SQLite' ? photos.jpeg.length : String(photos.jpeg.length) },
      ]);

      // Counted in the database: a restarted service (or another instance) goes on from the day's count.
      await server.close();
      server = await startTestServer(env);
      expect(await refusal(await send(minimal, 55))).toMatchObject({ Message: REPORT_ERRORS.dayFull });
      expect(await stored()).toBe(3);
    } finally {
      await server.close();
      await database.drop();
    }
  });
});
