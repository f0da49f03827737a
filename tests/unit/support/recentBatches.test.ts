import { describe, expect, it } from 'vitest';
import {
  MAX_RECENT_CHECKS,
  RECENT_CHECKS_KEY,
  parseRecentChecks,
  recentChecks,
  withBatch,
} from '@/features/support/recentBatches';

describe('recent checks on this device', () => {
  it('puts a batch first, drops older entries of the same codes, keeps 20', () => {
    const old = Array.from({ length: 20 }, (_, index) => ({ code: `OLD${index}`, outcome: 'found' as const }));
    const list = withBatch([{ code: 'abc', outcome: 'notFound' }, ...old], [{ code: 'ABC', outcome: 'found' }]);
    expect(list).toHaveLength(MAX_RECENT_CHECKS);
    expect(list[0]).toEqual({ code: 'ABC', outcome: 'found' });
    expect(list.filter((check) => check.code.toUpperCase() === 'ABC')).toHaveLength(1);
  });

  it('reads only well-formed entries from storage', () => {
    expect(parseRecentChecks('{"not":"a list"}')).toEqual([]);
    expect(parseRecentChecks('not json')).toEqual([]);
    expect(parseRecentChecks('[{"code":"A","outcome":"found"},{"code":"B","outcome":"pending"},{"code":3}]')).toEqual([
      { code: 'A', outcome: 'found' },
    ]);
  });

  it('keeps them in localStorage only, and clears them', () => {
    recentChecks.record([{ code: 'TH26A1105C48B0001', outcome: 'found' }]);
    expect(JSON.parse(localStorage.getItem(RECENT_CHECKS_KEY) ?? '[]')).toEqual([
      { code: 'TH26A1105C48B0001', outcome: 'found' },
    ]);
    recentChecks.clear();
    expect(localStorage.getItem(RECENT_CHECKS_KEY)).toBeNull();
    expect(recentChecks.snapshot()).toEqual([]);
  });
});
