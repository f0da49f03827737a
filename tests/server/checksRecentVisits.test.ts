import { describe, expect, it } from 'vitest';
import { RecentVisits } from '../../server/checks/recentVisits.ts';

// The repeat window's memory (a reload within 30 minutes counts once), in typed arrays: what counts, what a full
// table forgets, and that it never forgets a recent pair in favour of an older one.

const CODE = 'HP26A1105C48B0001';
const PHONE = 'Mozilla/5.0 (Linux; Android 14) Mobile';
const WINDOW = 30 * 60_000;

/** A visit as the counter makes it: counted, then remembered. */
function visit(visits: RecentVisits, code: string, address: string, at: number): boolean {
  const counts = visits.counts(code, address, PHONE, at, WINDOW);
  if (counts) visits.remember(at);
  return counts;
}

describe('the repeat window in memory', () => {
  it('counts a device once within the window from its last counted visit, again after it, and each code and device apart', () => {
    const visits = new RecentVisits(1_024);
    expect(visit(visits, CODE, '203.0.113.7', 0)).toBe(true);
    expect(visit(visits, CODE, '203.0.113.7', WINDOW - 1)).toBe(false);
    expect(visit(visits, CODE, '203.0.113.7', WINDOW)).toBe(true);
    expect(visit(visits, CODE, '203.0.113.7', WINDOW + 60_000)).toBe(false);
    expect(visit(visits, CODE, '203.0.113.8', WINDOW + 60_000)).toBe(true);
    expect(visit(visits, 'HP26A1105C48B0002', '203.0.113.7', WINDOW + 60_000)).toBe(true);
    expect(visits.counts(CODE, '203.0.113.7', 'Another browser', WINDOW + 60_000, WINDOW)).toBe(true);
  });

  it('remembers a visit only when told to (a lookup dropped from a full batch counts at its next visit)', () => {
    const visits = new RecentVisits(1_024);
    expect(visits.counts(CODE, '203.0.113.7', PHONE, 1_000, WINDOW)).toBe(true);
    expect(visits.counts(CODE, '203.0.113.7', PHONE, 2_000, WINDOW)).toBe(true);
    visits.remember(2_000);
    expect(visits.counts(CODE, '203.0.113.7', PHONE, 3_000, WINDOW)).toBe(false);
  });

  it('forgets every visit on a new day', () => {
    const visits = new RecentVisits(1_024);
    visit(visits, CODE, '203.0.113.7', 0);
    visits.clear();
    expect(visit(visits, CODE, '203.0.113.7', 1_000)).toBe(true);
  });

  it('holds a third of its slots in pairs without forgetting one early, and past its size forgets the oldest, never the newest', () => {
    const slots = 16_384;
    const visits = new RecentVisits(slots);
    const addresses = Array.from({ length: Math.floor(slots / 3) }, (_, i) => `10.0.${i >> 8}.${i & 255}`);
    addresses.forEach((address, i) => visit(visits, CODE, address, i));
    const remembered = addresses.filter((address) => !visits.counts(CODE, address, PHONE, 50_000, WINDOW)).length;
    expect(remembered).toBeGreaterThan(addresses.length * 0.99);
    // Ten times its slots of newer pairs: each set now holds its newest, the first ones are gone.
    const newer = (i: number) => `10.1.${i >> 8}.${i & 255}`;
    for (let i = 0; i < 10 * slots; i++) visit(visits, 'HP26A1105C48B0002', newer(i), 100_000 + i);
    const newest = Array.from({ length: 100 }, (_, i) => 10 * slots - 1 - i).filter(
      (i) => !visits.counts('HP26A1105C48B0002', newer(i), PHONE, 300_000, WINDOW),
    ).length;
    expect(newest).toBe(100);
    expect(visits.counts(CODE, addresses[0]!, PHONE, 300_000, WINDOW)).toBe(true);
  });
});
