import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReportStore } from '../../server/db/openStorage.ts';
import { openSqliteReportWorker } from '../../server/db/sqlite/reportWorker.ts';
import { purgeReports } from '../../server/reports/reportRetention.ts';
import type { NewReport, ReportStore } from '../../server/reports/reportStore.ts';
import { BACKENDS, type TestDatabase } from '../support/server/backends.ts';

// Issue 41's retention on both databases: a closed report's photo goes after REPORTS_PHOTO_KEEP_DAYS, the report
// after REPORTS_CLOSED_KEEP_DAYS, an open one never; and the desk's list pages by its cursor, newest first.

const report = (n: number, photo = false): NewReport => ({
  reference: `R-TEST-${String(n).padStart(4, '2')}`,
  code: 'QS26A0404K10Z0001',
  reason: 'other',
  province: 'hue',
  shop: null,
  address: null,
  boughtOn: null,
  phone: '0912345678',
  photo: photo ? { type: 'image/png', body: Buffer.from([0x89, 0x50, 0x4e, 0x47]) } : null,
  createdHour: '2026-01-01T00:00:00.000Z',
});

describe.each(BACKENDS)('the reports’ store on $name', { timeout: 60_000 }, (backend) => {
  let database: TestDatabase;
  let store: ReportStore;
  beforeAll(async () => {
    database = await backend.create();
    store = await openReportStore(database.config);
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it('deletes a closed report’s photo, then the report, after their days; an open report stays', async () => {
    for (const n of [2, 3, 4]) await store.add(report(n, true));
    await store.closeReport('R-TEST-2222', 'done', '2026-01-01');
    await store.closeReport('R-TEST-2223', 'done', '2026-03-01');
    const rules = { photoKeepDays: 30, closedKeepDays: 365 };
    const purge = (today: string) => purgeReports(store, rules, today);
    const state = async () =>
      (await database.rows('SELECT reference, photo IS NOT NULL AS photo FROM reports ORDER BY reference')).map(
        (row) => `${String(row.reference)}:${Boolean(Number(row.photo)) || row.photo === true}`,
      );
    // Closed on 1 January: its photo is kept 30 days, to the 30th.
    expect(await purge('2026-01-30')).toEqual({ photos: 0, reports: 0 });
    expect(await state()).toEqual(['R-TEST-2222:true', 'R-TEST-2223:true', 'R-TEST-2224:true']);
    expect(await purge('2026-01-31')).toEqual({ photos: 1, reports: 0 });
    expect(await state()).toEqual(['R-TEST-2222:false', 'R-TEST-2223:true', 'R-TEST-2224:true']);
    // A year after it was closed, the report itself.
    expect(await purge('2027-01-01')).toEqual({ photos: 1, reports: 1 });
    expect(await state()).toEqual(['R-TEST-2223:false', 'R-TEST-2224:true']);
    expect(await purge('2036-01-01')).toEqual({ photos: 0, reports: 1 });
    // The open one stays, whatever its age.
    expect(await state()).toEqual(['R-TEST-2224:true']);
  });

  it('lists a page at a time by its cursor, newest first', async () => {
    for (const n of [5, 6, 7, 8, 9]) await store.add(report(n));
    const first = await store.list({ status: 'open', code: 'QS26A0404K10Z0001', limit: 3 });
    expect(first.map((one) => one.reference)).toEqual(['R-TEST-2229', 'R-TEST-2228', 'R-TEST-2227']);
    const next = await store.list({ status: 'open', code: 'QS26A0404K10Z0001', limit: 3, before: first.at(-1)!.id });
    expect(next.map((one) => one.reference)).toEqual(['R-TEST-2226', 'R-TEST-2225', 'R-TEST-2224']);
  });

  it('deletes a closed case’s phone number from its delivery still waiting in the outbox too', async () => {
    const waiting = { ...report(31), reference: 'R-TEST-3131', phone: '0912000111' };
    const other = { ...report(32), reference: 'R-TEST-3232', phone: '0912000222' };
    const sent = (one: NewReport) =>
      JSON.stringify({ reference: one.reference, code: one.code, phone: one.phone, hasPhoto: false });
    const outbox = (one: NewReport) => ({ body: sent(one), outboxMax: 100, now: 0 });
    expect(await store.add(waiting, outbox(waiting))).toEqual({ queued: true });
    expect(await store.add(other, outbox(other))).toEqual({ queued: true });

    await store.closeReport(waiting.reference, 'called back', '2026-01-02');

    const bodies = Object.fromEntries(
      (await store.claimDue(1, 60_000, 100)).map((entry) => [entry.reference, JSON.parse(entry.body) as object]),
    );
    expect(JSON.stringify(bodies)).not.toContain('0912000111');
    expect(bodies[waiting.reference]).toEqual({ ...JSON.parse(sent(waiting)), phone: null });
    // The open case's delivery keeps its number: the brand calls back from it.
    expect(bodies[other.reference]).toEqual(JSON.parse(sent(other)));
  });
});

describe('the SQLite reports’ worker', { timeout: 60_000 }, () => {
  it('is started again on the next call once it ended: one crash never ends reports for good', async () => {
    const database = await BACKENDS.find((one) => one.name === 'SQLite')!.create();
    const store = openSqliteReportWorker(
      database.config.dbPath!,
      new URL('../support/server/crashingReportWriter.ts', import.meta.url),
    );
    try {
      await expect(store.add(report(41))).rejects.toThrow('the reports writer stopped');
      expect(await store.add(report(42))).toEqual({ queued: false });
      const open = await store.list({ status: 'open', limit: 10 });
      expect(open.map((one) => one.reference)).toEqual(['R-TEST-2242']);
    } finally {
      await store.close();
      await database.drop();
    }
  });
});
