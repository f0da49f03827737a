import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECALL_ALERTS_KEY, parseAlerts, recallAlerts, withAlerts } from '@/features/lookup/recent/recallAlerts';
import {
  MAX_RECHECKS,
  RECHECK_DAY_KEY,
  codesToRecheck,
  isRecheckDue,
  newlyRecalled,
  recheckDay,
} from '@/features/lookup/recent/recheckRules';
import { runRecheckPass, type RecheckAnswer } from '@/features/lookup/recent/recheckPass';
import {
  MAX_RECENT,
  RECENT_KEY,
  parseRecent,
  recentLookups,
  type RecentLookup,
} from '@/features/lookup/recent/storedLookups';

const code = (n: number) => `CODE${String(n).padStart(13, '0')}`;
const kept = (n: number, lot?: RecentLookup['lot']): RecentLookup => ({
  code: code(n),
  name: `Product ${n}`,
  ...(lot && { lot }),
});

describe('the day of a pass', () => {
  it("is Vietnam's calendar day, whatever the phone's zone", () => {
    expect(recheckDay(new Date('2026-11-23T16:59:00Z'))).toBe('2026-11-23');
    expect(recheckDay(new Date('2026-11-23T17:00:00Z'))).toBe('2026-11-24');
  });

  it('is due when no pass ran today', () => {
    expect(isRecheckDue(null, '2026-11-23')).toBe(true);
    expect(isRecheckDue(undefined, '2026-11-23')).toBe(true);
    expect(isRecheckDue('2026-11-22', '2026-11-23')).toBe(true);
    expect(isRecheckDue('2026-11-23', '2026-11-23')).toBe(false);
  });
});

describe('codesToRecheck', () => {
  it('leaves out the code on screen, whatever its case, and each repeat', () => {
    expect(
      codesToRecheck([kept(1), kept(2), { code: code(1).toLowerCase(), name: null }], code(2).toLowerCase()),
    ).toEqual([code(1)]);
  });

  it('re-checks at most the recent list', () => {
    const many = Array.from({ length: 25 }, (_, n) => kept(n));
    expect(codesToRecheck(many, null)).toHaveLength(MAX_RECHECKS);
    expect(MAX_RECHECKS).toBe(MAX_RECENT);
  });
});

describe('newlyRecalled', () => {
  it('is a lot now recalled that was active or not known before; never one already known recalled', () => {
    const lots = new Map([
      [code(1), 'recalled' as const],
      [code(2), 'recalled' as const],
      [code(3), 'recalled' as const],
      [code(4), 'active' as const],
    ]);
    expect(newlyRecalled([kept(1, 'active'), kept(2), kept(3, 'recalled'), kept(4, 'active'), kept(5)], lots)).toEqual([
      kept(1, 'active'),
      kept(2),
    ]);
  });
});

describe('the lot kept with a recent lookup', () => {
  afterEach(() => recentLookups.clear());

  it('is read back only when it is a lot status', () => {
    expect(
      parseRecent(
        JSON.stringify([
          { code: 'A', name: null, lot: 'recalled' },
          { code: 'B', name: null, lot: 'gone' },
        ]),
      ),
    ).toEqual([
      { code: 'A', name: null, lot: 'recalled' },
      { code: 'B', name: null },
    ]);
  });

  it('is updated by a re-check, the order and other entries kept', () => {
    recentLookups.record(kept(2));
    recentLookups.record(kept(1, 'active'));
    recentLookups.seeLots(new Map([[code(1), 'recalled']]));
    expect(recentLookups.snapshot()).toEqual([kept(1, 'recalled'), kept(2)]);
  });
});

describe('recall alerts', () => {
  afterEach(() => recallAlerts.clear());

  it('put new ones first, one per code, at most the recent list', () => {
    const old = Array.from({ length: MAX_RECENT }, (_, n) => ({ code: code(n), name: null }));
    const list = withAlerts(old, [
      { code: code(3).toLowerCase(), name: 'again' },
      { code: code(99), name: null },
    ]);
    expect(list).toHaveLength(MAX_RECENT);
    expect(list.slice(0, 2)).toEqual([
      { code: code(3).toLowerCase(), name: 'again' },
      { code: code(99), name: null },
    ]);
    expect(list.filter((alert) => alert.code.toUpperCase() === code(3))).toHaveLength(1);
  });

  it('read storage defensively', () => {
    expect(parseAlerts('{"not": "a list"}')).toEqual([]);
    expect(parseAlerts(JSON.stringify([{ code: 'A', name: null, extra: 1 }, { code: 3 }]))).toEqual([
      { code: 'A', name: null },
    ]);
  });

  it('are kept on the device until cleared', () => {
    recallAlerts.add([{ code: code(1), name: null }]);
    expect(JSON.parse(localStorage.getItem(RECALL_ALERTS_KEY) ?? 'null')).toEqual([{ code: code(1), name: null }]);
    recallAlerts.clear();
    expect(localStorage.getItem(RECALL_ALERTS_KEY)).toBeNull();
  });
});

describe('runRecheckPass', () => {
  const NOW = new Date('2026-11-23T03:00:00Z');
  afterEach(() => {
    recentLookups.clear();
    recallAlerts.clear();
  });

  function pass(list: RecentLookup[], answers: Record<string, RecheckAnswer>, current: string | null = null) {
    const asked: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const lookUp = vi.fn(async (asking: string) => {
      asked.push(asking);
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      return answers[asking] ?? null;
    });
    const done = runRecheckPass({ kept: list, current, lookUp, signal: new AbortController().signal, now: NOW });
    return { done, asked, mostInFlight: () => mostInFlight };
  }

  it('asks one code at a time, keeps what it learnt and alerts a new recall only', async () => {
    const list = [kept(1, 'active'), kept(2, 'recalled'), kept(3)];
    localStorage.setItem(RECENT_KEY, JSON.stringify(list));
    const { done, asked, mostInFlight } = pass(list, {
      [code(1)]: 'recalled',
      [code(2)]: 'recalled',
      [code(3)]: 'active',
    });
    await done;
    expect(asked).toEqual([code(1), code(2), code(3)]);
    expect(mostInFlight()).toBe(1);
    expect(recallAlerts.snapshot()).toEqual([{ code: code(1), name: 'Product 1' }]);
    expect(recentLookups.snapshot()).toEqual([kept(1, 'recalled'), kept(2, 'recalled'), kept(3, 'active')]);
    expect(localStorage.getItem(RECHECK_DAY_KEY)).toBe('2026-11-23');
  });

  it('runs once a day', async () => {
    localStorage.setItem(RECHECK_DAY_KEY, '2026-11-23');
    const today = pass([kept(1)], {});
    await today.done;
    expect(today.asked).toEqual([]);
    localStorage.setItem(RECHECK_DAY_KEY, '2026-11-22');
    const yesterday = pass([kept(1)], {});
    await yesterday.done;
    expect(yesterday.asked).toEqual([code(1)]);
  });

  it('stops when the service asks to slow down, keeping what it learnt before', async () => {
    const list = [kept(1), kept(2), kept(3)];
    const { done, asked } = pass(list, { [code(1)]: 'recalled', [code(2)]: 'stop' });
    await done;
    expect(asked).toEqual([code(1), code(2)]);
    expect(recallAlerts.snapshot()).toEqual([{ code: code(1), name: 'Product 1' }]);
  });

  it('stops when the page is left', async () => {
    const controller = new AbortController();
    const lookUp = vi.fn(async () => {
      controller.abort();
      return null;
    });
    await runRecheckPass({ kept: [kept(1), kept(2)], current: null, lookUp, signal: controller.signal, now: NOW });
    expect(lookUp).toHaveBeenCalledTimes(1);
  });
});
