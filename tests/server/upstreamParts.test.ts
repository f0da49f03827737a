import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { pickTraceResult } from '../../src/api/traceResult.ts';
import { UNIT_TOTAL } from '../../src/contract/unitCodes.ts';
import { withChecks } from '../../server/checks/spliceChecks.ts';
import { BIG_ANSWER_BYTES, TIMED_OUT, readInWorker } from '../../server/upstream/bigAnswers.ts';
import { CheckedAnswer } from '../../server/upstream/checkedAnswer.ts';
import { callUpstream } from '../../server/upstream/upstreamCall.ts';
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

describe('a big upstream answer, read in the worker thread (issue 37 point 7 (d))', () => {
  const CARTON = 'TH26A1105C48B0001';
  /** A carton of `count` unit codes (1 MB at 50,000), with two that are no codes at all among them. */
  const bigCarton = (count: number, Code = CARTON) => ({
    Data: {
      Products: [],
      Box: [
        {
          Code,
          ProductUnit: 'thùng',
          ProductCode: 'P1',
          ProductName: 'Sữa bột Đồng Xanh Gold 900g',
          ProductDate: '2026-01-05',
          ExpireDate: '2027-07-05',
          TotalPacket: count,
          UnitCodes: [
            'not a code',
            ...Array.from({ length: count }, (_, i) => `HP26A1105C${String(i).padStart(7, '0')}`),
            '',
          ],
        },
      ],
    },
  });

  /** The big answer through the real call: a loopback server sends it, the page server's client reads it. */
  async function called(answer: unknown, code = CARTON) {
    const json = Buffer.from(JSON.stringify(answer));
    expect(json.length).toBeGreaterThan(BIG_ANSWER_BYTES);
    const server = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(json));
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    try {
      const { port } = server.address() as AddressInfo;
      const target = {
        endpoint: new URL(`http://127.0.0.1:${port}/qr/trace`),
        key: 'k',
        timeoutMs: 10_000,
        maxBodyBytes: 2 * 1024 * 1024,
      };
      return await callUpstream(target, code);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }

  it('gives the API the whole checked answer and a render the ten codes the page lists with their number, which no JSON carries', async () => {
    const { outcome, answer } = await called(bigCarton(50_000));
    expect(outcome).toBe('answer');
    const sent = JSON.parse(answer.bytes()!.toString('utf8')) as ReturnType<typeof bigCarton>;
    expect(sent).toEqual(bigCarton(50_000));

    const read = answer.wire().body as ReturnType<typeof bigCarton>;
    const box = read.Data.Box[0]!;
    const listed = Array.from({ length: 10 }, (_, i) => `HP26A1105C${String(i).padStart(7, '0')}`);
    expect(box.UnitCodes).toEqual(listed);
    expect((box as { [UNIT_TOTAL]?: number })[UNIT_TOTAL]).toBe(50_000);
    expect(Object.isFrozen(box)).toBe(true);
    // The number rides on a symbol: the page's state, written as JSON, holds the item's fields alone.
    expect(JSON.parse(JSON.stringify(box))).toEqual({ ...bigCarton(50_000).Data.Box[0], UnitCodes: listed });
    expect(pickTraceResult(read)).toMatchObject({ extras: { unitTotal: 50_000 } });
  });

  it("puts this service's Checks in place of the upstream's as for a small answer, without parsing the big one again", async () => {
    const theirs = { FirstDay: '2026-01-02', Lookups: 9, Networks: 4, Caution: true };
    const ours = { FirstDay: '2026-11-27', Lookups: 2, Networks: 1, Caution: false };
    const counted = { ...bigCarton(50_000), Checks: theirs };
    const { answer } = await called(counted);
    const small = new CheckedAnswer(structuredClone(counted) as never, 1);
    const read = (bytes: Buffer | undefined) => JSON.parse(bytes!.toString('utf8')) as unknown;
    // Passed on as sent (a page server that does not count), then with ours, then with none.
    expect(read(answer.bytes())).toEqual(counted);
    for (const checks of [ours, undefined]) {
      const big = withChecks(answer, checks);
      const expected = withChecks(small, checks);
      expect(read(big.bytes())).toEqual(read(expected.bytes()));
      expect((big.wire().body as { Checks?: unknown }).Checks).toEqual(checks);
    }
  });

  it('keeps a carton within the page’s inline bound whole for the render', async () => {
    // 500 codes and a long name: over the worker's bound, within the page's; the render gets every code.
    const answer = bigCarton(500);
    (answer.Data.Box[0] as Record<string, unknown>).ProductName = 'Sữa '.repeat(20_000);
    const { outcome, answer: read } = await called(answer);
    expect(outcome).toBe('answer');
    const box = (read.wire().body as ReturnType<typeof bigCarton>).Data.Box[0]!;
    expect(box.UnitCodes).toHaveLength(502);
    expect((box as { [UNIT_TOTAL]?: number })[UNIT_TOTAL]).toBeUndefined();
  });

  it('answers a big body as a bad body when the worker already has its fill waiting, and one it cannot read in time as timed out', async () => {
    const body = () => Buffer.from(JSON.stringify(bigCarton(50_000)));
    const first = readInWorker(body(), CARTON, 10_000, 1);
    expect(await readInWorker(body(), CARTON, 10_000, 1)).toEqual({ fault: 'bad_body' });
    expect(await first).toMatchObject({ unitTotal: 50_000 });
    // Its place is free again once read.
    expect(await readInWorker(body(), CARTON, 10_000, 1)).toMatchObject({ unitTotal: 50_000 });
    expect(await readInWorker(body(), CARTON, 0)).toBe(TIMED_OUT);
  });

  it('answers a big body for another code, or outside the contract, as the small ones are', async () => {
    expect((await called(bigCarton(50_000, 'TH26A1105C48B0002'))).outcome).toBe('wrong_code');
    const garbage = { Data: { Products: [], Box: [{ ...bigCarton(50_000).Data.Box[0], ProductName: { x: 1 } }] } };
    expect((await called(garbage)).outcome).toBe('bad_body');
    expect((await called({ Data: { Products: [], Box: [] }, pad: 'x'.repeat(BIG_ANSWER_BYTES) })).outcome).toBe(
      'not_found',
    );
  });
});
