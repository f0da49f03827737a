import { describe, expect, it } from 'vitest';
import { PendingBatch } from '../../server/checks/pendingBatch.ts';

// The lookups a counter holds until its next write, per code and day, when its store keeps no device (SQLite):
// one entry per code and day, not an object per lookup (issue 36, point 10). What the write gets of them.

const CODE = 'HP26A1105C48B0001';
const OTHER = 'HP26A1105C48B0002';
/** The batch's rows, by code and day (their order is not the write's concern: it sorts them). */
const entries = (batch: PendingBatch) =>
  [...batch.codes()]
    .map(({ day, code, lookups, buckets, carton }) => ({ day, code, lookups, buckets, carton }))
    .sort((a, b) => a.code.localeCompare(b.code) || a.day.localeCompare(b.day));

describe('a batch of counted lookups kept per code and day', () => {
  it("adds up each code's lookups and distinct network buckets, each day apart across midnight", () => {
    const batch = new PendingBatch(100, false);
    batch.addCounted(CODE, '2026-11-25', 7, false, 1_000);
    batch.addCounted(CODE, '2026-11-25', 7, false, 1_001);
    batch.addCounted(CODE, '2026-11-25', 9, false, 1_002);
    batch.addCounted(OTHER, '2026-11-25', 7, true, 1_003);
    batch.addCounted(CODE, '2026-11-26', 7, false, 1_004);
    expect(batch.lookups).toEqual([]);
    expect(batch.size).toBe(5);
    expect(entries(batch)).toEqual([
      { day: '2026-11-25', code: CODE, lookups: 3, buckets: [7, 9], carton: false },
      { day: '2026-11-26', code: CODE, lookups: 1, buckets: [7], carton: false },
      { day: '2026-11-25', code: OTHER, lookups: 1, buckets: [7], carton: true },
    ]);
  });

  it('takes a failed batch back before the lookups made since, drops what is too old or does not fit, and says how many', () => {
    const failed = new PendingBatch(4, false);
    failed.addCounted(OTHER, '2026-11-25', 1, false, 500);
    failed.addCounted(CODE, '2026-11-25', 7, false, 2_000);
    failed.addCounted(CODE, '2026-11-25', 8, false, 2_001);
    const pending = new PendingBatch(4, false);
    pending.addCounted(CODE, '2026-11-25', 9, false, 3_000);
    pending.addCounted(OTHER, '2026-11-25', 2, false, 3_001);
    pending.addCounted(OTHER, '2026-11-25', 3, false, 3_002);
    // OTHER's first lookup (at 500) is older than 1,000: dropped; then 4 of the other 5 fit.
    expect(pending.takeBack(failed, 1_000)).toBe(2);
    expect(pending.size).toBe(4);
    expect(entries(pending)).toEqual([
      { day: '2026-11-25', code: CODE, lookups: 3, buckets: [7, 8, 9], carton: false },
      { day: '2026-11-25', code: OTHER, lookups: 1, buckets: [2], carton: false },
    ]);
  });

  it('says what a code gains before the write, all its days together, before and after a failed batch is taken back', () => {
    const failed = new PendingBatch(100, false);
    failed.addCounted(CODE, '2026-11-25', 7, false, 2_000);
    failed.addCounted(CODE, '2026-11-26', 8, false, 2_001);
    const pending = new PendingBatch(100, false);
    pending.addCounted(CODE, '2026-11-26', 9, false, 3_000);
    pending.addCounted(CODE, '2026-11-26', 7, false, 3_001);
    pending.addCounted(OTHER, '2026-11-26', 1, false, 3_002);
    const buckets = (batch: PendingBatch, code: string) => {
      const found = new Set<number>();
      batch.addBucketsOf(code, found);
      return [...found].sort((a, b) => a - b);
    };
    expect([failed.lookupsOf(CODE), buckets(failed, CODE)]).toEqual([2, [7, 8]]);
    expect([pending.lookupsOf(CODE), buckets(pending, CODE)]).toEqual([2, [7, 9]]);
    expect(pending.has('HP26A1105C48B0003')).toBe(false);
    expect([pending.lookupsOf('HP26A1105C48B0003'), buckets(pending, 'HP26A1105C48B0003')]).toEqual([0, []]);

    expect(pending.takeBack(failed, 1_000)).toBe(0);
    expect([pending.lookupsOf(CODE), buckets(pending, CODE)]).toEqual([4, [7, 8, 9]]);
    expect([pending.lookupsOf(OTHER), buckets(pending, OTHER)]).toEqual([1, [1]]);
    expect([...pending.codeKeys()].sort()).toEqual([CODE, OTHER]);
  });
});
