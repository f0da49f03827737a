import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_ERRORS, REPORTS_PATH, type ReportSubmission } from '../../src/contract/reports.ts';
import { API_KEY_HEADER } from '../../src/contract/traceContract.ts';
import { reportBodyReader } from '../../server/reports/reportBodies.ts';
import { readReportBody } from '../../server/reports/reportBody.ts';
import { ReportLimits } from '../../server/reports/reportLimits.ts';
import type { NewReport, ReportStore } from '../../server/reports/reportStore.ts';
import { REPORT_BODY_IN_WORKER_BYTES, reportRoutes } from '../../server/routes/reports.ts';

// A report with a photo (~300 KB of JSON) is read and checked in a worker thread, so lookups never wait behind it
// (bench:reports): it must read exactly as on the service's thread, and a worker that dies must answer the shopper
// the contract's 500, not leave the report hanging.

const TODAY = '2026-11-27';
const KEY = 'page-key-bodies';
/** A worker that dies on the first body it is sent. */
const CRASHING = new URL(
  `data:text/javascript,${encodeURIComponent("import { parentPort } from 'node:worker_threads'; parentPort.on('message', () => process.exit(3));")}`,
);
const bytes = (body: unknown) => Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));

let jpeg: Buffer;
let report: ReportSubmission;

beforeAll(async () => {
  // Noise, so the JPEG is the size of a phone's photo (well past the worker's threshold) rather than a few hundred bytes.
  jpeg = await sharp({
    create: {
      width: 400,
      height: 300,
      channels: 3,
      background: '#888',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();
  report = {
    code: ' 1d24b3261x54a2320 ',
    reason: 'seal',
    province: 'hoChiMinh',
    shop: '  Tạp hoá Bà Năm ',
    boughtOn: '2026-11-20',
    phone: '',
    photo: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    pack: { gtin: '08930000000002', lot: 'L2026-0612', expiry: null },
  };
});

describe('reportBodyReader', () => {
  const reader = reportBodyReader();

  it('reads a report in the worker exactly as on the service’s thread, its photo’s bytes whole', async () => {
    expect(bytes(report).byteLength).toBeGreaterThan(REPORT_BODY_IN_WORKER_BYTES);
    const read = await reader.read(bytes(report), TODAY);
    expect(read).toEqual({
      report: {
        code: ' 1d24b3261x54a2320 ',
        reason: 'seal',
        province: 'hoChiMinh',
        shop: 'Tạp hoá Bà Năm',
        address: null,
        boughtOn: '2026-11-20',
        phone: null,
        photo: { type: 'image/jpeg', body: expect.anything() },
        pack: { gtin: '08930000000002', lot: 'L2026-0612', expiry: null },
      },
    });
    const photo = 'report' in read ? read.report.photo! : undefined;
    expect(Buffer.from(photo!.body).equals(jpeg)).toBe(true);
  });

  it.each([
    ['not JSON', '{"code": ', { problem: REPORT_ERRORS.body, field: null }],
    ['an array', [], { problem: REPORT_ERRORS.body, field: null }],
    ['a date to come', { boughtOn: '2026-11-28' }, { problem: REPORT_ERRORS.boughtOnFuture, field: 'boughtOn' }],
    [
      'an SVG as a photo',
      { photo: `data:image/png;base64,${Buffer.from('<svg/>').toString('base64')}` },
      { problem: REPORT_ERRORS.photoContent, field: 'photo' },
    ],
  ] as const)('refuses %s with the same problem as on the service’s thread', async (_name, change, problem) => {
    const body = typeof change === 'string' || Array.isArray(change) ? change : { ...report, ...change };
    expect(readReportBody(bytes(body), TODAY)).toEqual(problem);
    expect(await reader.read(bytes(body), TODAY)).toEqual(problem);
  });

  it('fails the reads of a worker that died, and starts a new one for the next', async () => {
    const crashing = reportBodyReader(CRASHING);
    await expect(crashing.read(bytes(report), TODAY)).rejects.toThrow();
    await expect(crashing.read(bytes(report), TODAY)).rejects.toThrow();
  });
});

describe('a report sent to the route', () => {
  const added: NewReport[] = [];
  const store = {
    add: async (newReport: NewReport) => {
      added.push(newReport);
      return undefined;
    },
  } as unknown as ReportStore;
  const app = Fastify();
  const broken = Fastify();
  const options = {
    store,
    pageKeys: [KEY],
    trustedKeys: [],
    staffKeys: [],
    corsOrigins: [],
    limits: new ReportLimits({ perNetwork: 100, perCode: 100, maxKeys: 100 }),
    dayBounds: { reports: 100, photoBytes: 10_000_000 },
    caution: { windowDays: 30, cautionNetworks: 3 },
    now: () => Date.parse(`${TODAY}T05:00:00Z`),
  };
  const send = (to: typeof app) =>
    to.inject({
      method: 'POST',
      url: REPORTS_PATH,
      headers: { 'content-type': 'application/json', [API_KEY_HEADER]: KEY },
      payload: bytes(report),
    });

  beforeAll(async () => {
    await app.register(reportRoutes, options);
    await broken.register(reportRoutes, { ...options, readBody: reportBodyReader(CRASHING).read });
  });
  afterAll(async () => {
    await app.close();
    await broken.close();
  });

  it('stores a big report read in the worker, its photo as the shopper sent it', async () => {
    const answer = await send(app);
    expect(answer.statusCode).toBe(201);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ code: '1D24B3261X54A2320', shop: 'Tạp hoá Bà Năm', phone: null });
    expect(Buffer.isBuffer(added[0]!.photo!.body)).toBe(true);
    expect(added[0]!.photo!.body.equals(jpeg)).toBe(true);
  });

  it('answers the contract’s 500 when the worker dies while reading the report, and stores nothing', async () => {
    const answer = await send(broken);
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({
      error: 'INTERNAL_SERVER_ERROR',
      Message: 'Unexpected error',
      status: 500,
      EndPoint: REPORTS_PATH,
    });
    expect(added).toHaveLength(1);
  });
});
