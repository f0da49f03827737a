import { join } from 'node:path';
import { loadavg } from 'node:os';
import { rmSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { checkedLookup } from '../../../server/checks/checkedLookup.ts';
import { LookupCounter, type Visitor } from '../../../server/checks/lookupCounter.ts';
import { databaseSource } from '../../../server/db/databaseSource.ts';
import { openCheckStore, openStorage } from '../../../server/db/openStorage.ts';
import { countsPath } from '../../../server/db/sqlite/countsDatabase.ts';
import { REPO_ROOT } from '../../support/system/childProcess.ts';
import { benchCode, CODE_COUNT, ensureBenchCsv, importBenchCsv } from './apiBenchData.ts';
import { perRequest, threadCpu, type ThreadCpu } from './apiThreadCpu.ts';
import { comparedTimes, nowUs, perLookup, selfTimes, type CpuProfile, type Window } from './apiCpuProfile.ts';

// What counting costs the thread that answers lookups, without HTTP (issue 36, point 10): in this one process,
// on a fresh copy of bench:api's 1,000,000 codes, a lookup's whole answer (the code read, counted, its bytes
// with Checks) with counting on, beside the same lookup with counting off, in alternate rounds; CPU time per
// lookup of each thread from /proc (main: the lookups and the counter; writer: the counts' worker thread).
// On a busy machine CPU time is steadier than a rate, and HTTP's cost, the same in both modes, is left out.
// CPU_PROFILE=1 also profiles the main thread (node:inspector) and prints each mode's self time per lookup by
// function, only the samples of its rounds.
//   npx tsx tests/bench/api/apiCountingCpu.ts   (CPU_SECONDS, default 3 per round; CPU_ROUNDS, default 5;
//   CPU_PROFILE=1, CPU_PROFILE_TOP, default 25)

const CSV = join(REPO_ROOT, 'data/bench/trace-1m-gtin.csv');
const DB = join(REPO_ROOT, 'data/bench/trace-cpu.db');
const SECONDS = Number(process.env.CPU_SECONDS ?? 3);
const ROUNDS = Number(process.env.CPU_ROUNDS ?? 5);
/** Lookups between two turns of the event loop: the counter's timers (the 2 s batch) and the snapshot's run. */
const SLICE = 200;
const PROFILE = process.env.CPU_PROFILE === '1';
const TOP = Number(process.env.CPU_PROFILE_TOP ?? 25);
const SHOPPER: Visitor = { audience: 'shopper', staffKey: false, address: '203.0.113.7', userAgent: 'BenchPhone/1' };

await ensureBenchCsv(CSV);
for (const file of [DB, countsPath(DB)])
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
console.log((await importBenchCsv(CSV, { TRACE_DB: DB })).summary);

const config = { dbPath: DB, databaseUrl: undefined };
const storage = await openStorage(config);
const counter = new LookupCounter(await openCheckStore(config), { cautionNetworks: 5 });
const modes = {
  on: checkedLookup(databaseSource(await storage.openLookup({ counts: true })), counter),
  off: checkedLookup(databaseSource(await storage.openLookup({ counts: false })), undefined),
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const windows = { on: [] as Window[], off: [] as Window[] };
const looked = { on: 0, off: 0 };

async function round(mode: keyof typeof modes): Promise<ThreadCpu> {
  const lookup = modes[mode];
  const before = threadCpu(process.pid);
  const from = nowUs();
  const ends = Date.now() + SECONDS * 1000;
  let lookups = 0;
  while (Date.now() < ends) {
    for (let i = 0; i < SLICE; i++) {
      const answer = lookup(benchCode(Math.floor(Math.random() * CODE_COUNT)), SHOPPER);
      if (answer instanceof Promise) throw new Error('SQLite answers at once');
      if (answer.status !== 200 || answer.bytes() === undefined) throw new Error(`status ${answer.status}`);
    }
    lookups += SLICE;
    await yieldToLoop();
  }
  windows[mode].push({ from, to: nowUs() });
  looked[mode] += lookups;
  return perRequest(before, threadCpu(process.pid), lookups);
}

const session = new Session();

try {
  for (const mode of ['on', 'off'] as const) await round(mode); // warm-up: JIT, the code index's pages
  windows.on.length = windows.off.length = looked.on = looked.off = 0;
  if (PROFILE) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 250 });
    await session.post('Profiler.start');
  }
  const figures = { on: [] as ThreadCpu[], off: [] as ThreadCpu[] };
  for (let i = 0; i < ROUNDS; i++) for (const mode of ['on', 'off'] as const) figures[mode].push(await round(mode));
  const of = (mode: 'on' | 'off', kind: keyof ThreadCpu) => median(figures[mode].map((cpu) => cpu[kind]));
  console.log(
    `\nA lookup's answer without HTTP, random existing codes, one shopper; median of ${ROUNDS} rounds of ${SECONDS} s; ` +
      `load average ${loadavg()[0]?.toFixed(1)} (1 min)`,
  );
  for (const mode of ['on', 'off'] as const)
    console.log(
      `counting ${mode.padEnd(3)}: main thread ${of(mode, 'main').toFixed(2)} µs per lookup, counts writer ` +
        `${of(mode, 'writer').toFixed(2)}, other threads ${of(mode, 'other').toFixed(2)}`,
    );
  console.log(`counting adds ${(of('on', 'main') - of('off', 'main')).toFixed(2)} µs on the main thread per lookup`);
  if (PROFILE) {
    const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
    const [on, off] = (['on', 'off'] as const).map((mode) =>
      perLookup(selfTimes(profile, windows[mode]), looked[mode]),
    ) as [Map<string, number>, Map<string, number>];
    console.log(`\n${comparedTimes(on, off, TOP).join('\n')}`);
  }
} finally {
  session.disconnect();
  await counter.close();
  await storage.close();
}
