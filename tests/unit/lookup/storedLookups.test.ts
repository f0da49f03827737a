import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_RECENT,
  RECENT_KEY,
  parseRecent,
  recentLookups,
  withLookup,
  type RecentLookup,
} from '@/features/lookup/recent/storedLookups';

const entry = (n: number) => ({ code: `CODE${String(n).padStart(13, '0')}`, name: `Product ${n}` });

describe('withLookup', () => {
  it('puts the newest first and keeps ten', () => {
    let list: RecentLookup[] = [entry(0)];
    for (let n = 1; n <= 12; n++) list = withLookup(list, entry(n));
    expect(list).toHaveLength(MAX_RECENT);
    expect(list[0]).toEqual(entry(12));
    expect(list.at(-1)).toEqual(entry(3));
  });

  it('moves a code looked up again to the top, whatever its case, with its latest name', () => {
    const list = withLookup([entry(1), entry(2)], { code: entry(2).code.toLowerCase(), name: 'Renamed' });
    expect(list).toEqual([{ code: entry(2).code.toLowerCase(), name: 'Renamed' }, entry(1)]);
  });
});

describe('parseRecent', () => {
  it.each([null, '', 'not json', '{}', '[1, "x", {"code": 3}]'])('reads %j as no lookups', (raw) => {
    expect(parseRecent(raw)).toEqual([]);
  });

  it('keeps only well-formed entries, and only their fields', () => {
    expect(parseRecent(JSON.stringify([{ code: 'A', name: null, extra: 1 }, { name: 'x' }]))).toEqual([
      { code: 'A', name: null },
    ]);
  });
});

describe('recentLookups', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    recentLookups.clear();
  });

  it('keeps the list in localStorage and tells its listeners', () => {
    const heard = vi.fn();
    const stop = recentLookups.subscribe(heard);
    recentLookups.record(entry(1));
    expect(JSON.parse(localStorage.getItem(RECENT_KEY) ?? 'null')).toEqual([entry(1)]);
    expect(recentLookups.snapshot()).toEqual([entry(1)]);
    expect(heard).toHaveBeenCalledTimes(1);
    recentLookups.clear();
    expect(localStorage.getItem(RECENT_KEY)).toBeNull();
    expect(recentLookups.snapshot()).toEqual([]);
    stop();
  });

  it('works for this visit when storage throws (private mode, blocked storage)', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(() => recentLookups.record(entry(1))).not.toThrow();
    expect(recentLookups.snapshot()).toEqual([entry(1)]);
  });

  it('gives the server and hydration an empty list', () => {
    recentLookups.record(entry(1));
    expect(recentLookups.serverSnapshot()).toEqual([]);
  });
});
