import { afterEach, describe, expect, it } from 'vitest';
import { vietnamDayOf } from '@/contract/vietnamDay';
import { parseWireDate } from '@/shared/dates/calendarDay';
import { expiryStatus } from '@/shared/expiry/expiryStatus';

/** An instant given in Vietnam's local time (UTC+7, no daylight saving). */
const vn = (local: string) => new Date(`${local}+07:00`);

describe('expiryStatus', () => {
  it('counts the days left by calendar day: more than 30 is valid', () => {
    expect(expiryStatus('2028-06-12', vn('2026-11-19T09:00:00'))).toEqual({
      kind: 'valid',
      daysLeft: 571,
      expires: { year: 2028, month: 6, day: 12 },
    });
  });

  it.each([
    ['31 days left is still valid', '2026-12-24', 'valid', 31],
    ['30 days left is expiring soon', '2026-12-23', 'expiringSoon', 30],
    ['1 day left', '2026-11-24', 'expiringSoon', 1],
    ['the last day is today', '2026-11-23', 'expiringSoon', 0],
  ])('%s', (_, expireDate, kind, daysLeft) => {
    expect(expiryStatus(expireDate, vn('2026-11-23T23:59:59'))).toMatchObject({ kind, daysLeft });
  });

  it('is expired from the day after the date, since that date', () => {
    expect(expiryStatus('2025-07-05', vn('2025-07-06T00:00:00'))).toEqual({
      kind: 'expired',
      since: { year: 2025, month: 7, day: 5 },
    });
    expect(expiryStatus('2025-07-05', vn('2025-07-05T23:59:59'))).toMatchObject({ kind: 'expiringSoon', daysLeft: 0 });
  });

  it('crosses month and year ends by calendar day', () => {
    expect(expiryStatus('2027-01-01', vn('2026-12-31T23:00:00'))).toMatchObject({ kind: 'expiringSoon', daysLeft: 1 });
    expect(expiryStatus('2026-12-31', vn('2027-01-01T00:00:00'))).toMatchObject({ kind: 'expired' });
    expect(expiryStatus('2026-05-01', vn('2026-04-30T12:00:00'))).toMatchObject({ daysLeft: 1 });
    expect(expiryStatus('2027-01-31', vn('2026-12-31T08:00:00'))).toMatchObject({ kind: 'valid', daysLeft: 31 });
  });

  it('counts 29 February in a leap year, and refuses it in another year', () => {
    expect(expiryStatus('2028-03-01', vn('2028-02-28T10:00:00'))).toMatchObject({ daysLeft: 2 });
    expect(expiryStatus('2028-02-29', vn('2028-02-29T10:00:00'))).toMatchObject({ kind: 'expiringSoon', daysLeft: 0 });
    expect(expiryStatus('2027-03-01', vn('2027-02-28T10:00:00'))).toMatchObject({ daysLeft: 1 });
    expect(expiryStatus('2027-02-29', vn('2027-02-28T10:00:00'))).toEqual({ kind: 'unknown' });
  });

  it('uses the day in Vietnam, not the day where the phone is', () => {
    // 23 Nov 2026, 20:00 in Los Angeles is already 24 Nov, 11:00 in Vietnam: a product good until the 23rd has expired.
    const losAngelesEvening = new Date('2026-11-23T20:00:00-08:00');
    expect(expiryStatus('2026-11-23', losAngelesEvening)).toMatchObject({ kind: 'expired' });
    // 24 Nov, 06:30 in Vietnam is still 23 Nov in UTC: a product good until the 24th expires today.
    expect(expiryStatus('2026-11-24', new Date('2026-11-23T23:30:00Z'))).toMatchObject({
      kind: 'expiringSoon',
      daysLeft: 0,
    });
  });

  it.each([null, undefined, '', '   ', 'soon', '2026-13-01', '2026-02-30', '31/12/2026', '20261231', 20261231, {}])(
    'is unknown, never valid, for %j',
    (expireDate) => {
      expect(expiryStatus(expireDate, vn('2026-11-23T12:00:00'))).toEqual({ kind: 'unknown' });
    },
  );

  it('is unknown when the clock itself is unusable', () => {
    expect(expiryStatus('2030-01-01', new Date(Number.NaN))).toEqual({ kind: 'unknown' });
  });
});

describe('with the process in another time zone', () => {
  const saved = process.env.TZ;
  afterEach(() => {
    process.env.TZ = saved;
  });

  it.each(['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC'])('gives the same answer in %s', (zone) => {
    process.env.TZ = zone;
    const now = new Date('2026-11-23T18:00:00Z'); // 24 Nov, 01:00 in Vietnam
    expect(vietnamDayOf(now)).toEqual({ year: 2026, month: 11, day: 24 });
    expect(expiryStatus('2026-11-23', now)).toMatchObject({ kind: 'expired' });
    expect(expiryStatus('2026-11-24', now)).toMatchObject({ kind: 'expiringSoon', daysLeft: 0 });
    expect(parseWireDate('2026-11-23')).toEqual({ year: 2026, month: 11, day: 23 });
  });
});

describe('vietnamDayOf', () => {
  it('gives the day that the zone database gives for Vietnam, across midnight there, from 1976 to 2060', () => {
    const inVietnam = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Ho_Chi_Minh',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    const zoneDatabaseDay = (instant: Date) => {
      const parts = inVietnam.formatToParts(instant);
      const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
      return { year: part('year'), month: part('month'), day: part('day') };
    };
    // Steps of 71 h 13 min land on every hour of the day over the years; each is checked a second either
    // side of the instant, and midnight in Vietnam (17:00 UTC) is checked on the dot.
    for (let at = Date.UTC(1976, 0, 1); at < Date.UTC(2060, 0, 1); at += (71 * 60 + 13) * 60_000) {
      for (const instant of [at - 1000, at, at + 1000]) {
        expect(vietnamDayOf(new Date(instant))).toEqual(zoneDatabaseDay(new Date(instant)));
      }
    }
    for (const midnight of [
      '2026-11-23T17:00:00Z',
      '2026-11-23T16:59:59.999Z',
      '2028-02-28T17:00:00Z',
      '2039-12-31T17:00:00Z',
    ]) {
      expect(vietnamDayOf(new Date(midnight))).toEqual(zoneDatabaseDay(new Date(midnight)));
    }
  });
});
