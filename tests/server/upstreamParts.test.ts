import { describe, expect, it } from 'vitest';
import { CheckedAnswer } from '../../server/upstream/checkedAnswer.ts';
import { AnswerCache } from '../../server/upstream/answerCache.ts';
import { CircuitBreaker, type BreakerState } from '../../server/upstream/breaker.ts';

// The upstream client's pure pieces: the cache and the breaker on a clock the tests move, the checked answer.

describe('the answer cache', () => {
  it('keeps an answer for its TTL, then forgets it', () => {
    let now = 0;
    const cache = new AnswerCache<string>(30_000, 1000, () => now);
    cache.set('A', 'answer', 10);
    now = 29_999;
    expect(cache.get('A')).toBe('answer');
    now = 30_000;
    expect(cache.get('A')).toBeUndefined();
  });

  it('stays within its byte budget, dropping the oldest first, and never keeps what alone exceeds it', () => {
    const cache = new AnswerCache<string>(30_000, 100, () => 0);
    for (const key of ['A', 'B', 'C']) cache.set(key, key, 40);
    expect([cache.get('A'), cache.get('B'), cache.get('C')]).toEqual([undefined, 'B', 'C']);
    cache.set('D', 'D', 101);
    expect(cache.get('D')).toBeUndefined();
    expect(cache.get('B')).toBe('B');
  });

  it('keeps nothing with a TTL of 0', () => {
    const cache = new AnswerCache<string>(0, 100, () => 0);
    cache.set('A', 'A', 1);
    expect(cache.enabled).toBe(false);
    expect(cache.get('A')).toBeUndefined();
  });
});

describe('the circuit breaker', () => {
  it('opens after the threshold of failures in a row, lets one probe through after the cool-down, and closes on its success', () => {
    let now = 0;
    const states: BreakerState[] = [];
    const breaker = new CircuitBreaker(
      3,
      1000,
      (state) => states.push(state),
      () => now,
    );
    breaker.failed('A');
    breaker.failed('B');
    breaker.succeeded();
    breaker.failed('A');
    breaker.failed('B');
    expect(breaker.state).toBe('closed');
    breaker.failed('C');
    expect(breaker.state).toBe('open');
    expect(breaker.allow()).toBe(false);
    now = 1000;
    expect(breaker.allow()).toBe(true);
    expect(breaker.allow()).toBe(false);
    breaker.succeeded();
    expect(breaker.allow()).toBe(true);
    expect(states).toEqual(['open', 'half_open', 'closed']);
  });

  it('reopens at once when the probe fails', () => {
    let now = 0;
    const breaker = new CircuitBreaker(
      2,
      1000,
      () => {},
      () => now,
    );
    for (const code of ['A', 'B', 'C']) breaker.failed(code);
    now = 1000;
    expect(breaker.allow()).toBe(true);
    breaker.failed('A');
    expect(breaker.state).toBe('open');
    expect(breaker.failingFast).toBe(true);
    now = 1999;
    expect(breaker.allow()).toBe(false);
  });

  it('never opens for failures of fewer than three distinct codes, however many', () => {
    const breaker = new CircuitBreaker(5, 1000);
    for (let i = 0; i < 50; i++) breaker.failed(i % 2 === 0 ? 'SLOW' : 'HUGE');
    expect(breaker.state).toBe('closed');
    breaker.failed('THIRD');
    expect(breaker.state).toBe('open');
  });
});

describe('a checked upstream answer', () => {
  const body = () => ({
    Data: { Products: [], Box: [{ Code: 'TH26A1105C48B0001', UnitCodes: ['HP26A1105C48B0001', 'HP26A1105C48B0002'] }] },
  });

  it('gives every render the one parsed body, frozen (the cache shares it), and the API its JSON', () => {
    const answer = new CheckedAnswer(body() as never, 200);
    const { status, body: read } = answer.wire();
    expect(status).toBe(200);
    expect(answer.wire().body).toBe(read);
    expect(Object.isFrozen(read)).toBe(true);
    const box = (read as unknown as ReturnType<typeof body>).Data.Box[0]!;
    expect(Object.isFrozen(box.UnitCodes)).toBe(true);
    expect(() => box.UnitCodes.push('HP26A1105C48B0003')).toThrow(TypeError);
    expect(JSON.parse(answer.bytes().toString('utf8'))).toEqual(body());
  });

  it('counts for the cache what its parsed body takes, more than the bytes received', () => {
    expect(new CheckedAnswer(body() as never, 1000).size).toBeGreaterThanOrEqual(2000);
  });
});
