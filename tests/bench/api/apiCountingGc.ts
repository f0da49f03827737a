import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, startService } from '../../support/system/childProcess.ts';
import { makeSiteDir } from '../../support/server/harness.ts';
import { countsPath } from '../../../server/db/sqlite/countsDatabase.ts';
import { ensureBenchCsv, importBenchCsv } from './apiBenchData.ts';
import { countingServiceEnv, randomLookups } from './apiRandomLookups.ts';

// What counting does to the service's memory (issue 36, point 10): the profile of counting's CPU found every
// part of a lookup slower with counting on, its own functions a third of the difference. This prints, for
// counting on and off under bench:api's target load (random existing codes, one device), beside each other in
// alternate rounds: lookups/s; the event loop's user and system CPU per lookup and the process's page faults
// per lookup (/proc); and per V8 isolate (the event loop's, the counts writer's) its young-generation
// collections and the bytes they promoted to the old generation per lookup (V8's --trace-gc-nvp, set at start).
//   npx tsx tests/bench/api/apiCountingGc.ts   (GC_SECONDS, default 5 per round; GC_ROUNDS, default 2)

const CSV = join(REPO_ROOT, 'data/bench/trace-1m-gtin.csv');
const DB = join(REPO_ROOT, 'data/bench/trace-gc.db');
const SECONDS = Number(process.env.GC_SECONDS ?? 5);
const ROUNDS = Number(process.env.GC_ROUNDS ?? 2);

/** /proc's counters of a process: its main thread's user and system time (s), the whole process's minor faults. */
function counters(pid: number) {
  const fields = (path: string) => readFileSync(path, 'utf8').split(') ')[1]!.split(' ').map(Number);
  const main = fields(`/proc/${pid}/task/${pid}/stat`);
  return { user: main[11]! / 100, system: main[12]! / 100, faults: fields(`/proc/${pid}/stat`)[7]! };
}

/** Per isolate (the address V8 prints first), its scavenges' count and promoted bytes in --trace-gc-nvp's lines. */
function scavenges(log: string): Map<string, { count: number; promoted: number }> {
  const isolates = new Map<string, { count: number; promoted: number }>();
  for (const line of log.split('\n')) {
    if (!/ gc=s /.test(line)) continue;
    const isolate = line.slice(0, line.indexOf(']'));
    const seen = isolates.get(isolate) ?? { count: 0, promoted: 0 };
    seen.count++;
    seen.promoted += Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0);
    isolates.set(isolate, seen);
  }
  return isolates;
}

await ensureBenchCsv(CSV);
for (const file of [DB, countsPath(DB)])
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
console.log((await importBenchCsv(CSV, { TRACE_DB: DB })).summary);
const site = makeSiteDir();
// NODE_OPTIONS refuses V8's tracing flags; a module loaded first sets it.
const traceGc = join(tmpdir(), `trace-gc-${process.pid}.mjs`);
writeFileSync(traceGc, "import v8 from 'node:v8'; v8.setFlagsFromString('--trace-gc-nvp');\n");
try {
  console.log(`\nRandom existing codes, one device, 10 connections, ${ROUNDS} rounds of ${SECONDS} s per mode`);
  for (let round = 0; round < ROUNDS; round++)
    for (const mode of ['on', 'off'] as const) {
      const service = await startService(countingServiceEnv(DB, site, mode, `--import ${traceGc}`), {
        timeoutMs: 120_000,
      });
      try {
        await randomLookups(service.url, SECONDS); // warm-up: compiled code, the counts writer started, the page cache filled
        const logFrom = service.stdout().length;
        const before = counters(service.pid);
        const result = await randomLookups(service.url, SECONDS);
        const after = counters(service.pid);
        const lookups = result.requests.total;
        const perLookup = (value: number) => ((value * 1e6) / lookups).toFixed(1);
        // The event loop's isolate collects most often (it allocates a request's objects); the writer's is the other.
        const isolates = [...scavenges(service.stdout().slice(logFrom)).values()]
          .sort((a, b) => b.count - a.count)
          .map(
            ({ count, promoted }, i) =>
              `${i === 0 ? 'event loop' : 'counts writer'} ${count} collections, ${(promoted / lookups).toFixed(0)} B promoted a lookup`,
          )
          .join('; ');
        console.log(
          `counting ${mode.padEnd(3)} ${result.requests.average.toFixed(0).padStart(6)} lookups/s; event loop µs a lookup: ` +
            `user ${perLookup(after.user - before.user)}, system ${perLookup(after.system - before.system)}; ` +
            `page faults a lookup ${((after.faults - before.faults) / lookups).toFixed(2)}; young generation: ${isolates}`,
        );
      } finally {
        await service.stop(30_000);
      }
    }
  console.log(`load average ${loadavg()[0]?.toFixed(1)} (1 min)`);
} finally {
  rmSync(site, { recursive: true, force: true });
  rmSync(traceGc, { force: true });
}
