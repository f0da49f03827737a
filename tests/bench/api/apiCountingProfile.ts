import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, startService, type ServiceProcess } from '../../support/system/childProcess.ts';
import { makeSiteDir } from '../../support/server/harness.ts';
import { countsPath } from '../../../server/db/sqlite/countsDatabase.ts';
import { ensureBenchCsv, importBenchCsv } from './apiBenchData.ts';
import { countingServiceEnv, randomLookups } from './apiRandomLookups.ts';
import { perRequest, threadCpu, type ThreadCpu } from './apiThreadCpu.ts';
import { comparedTimes, nowUs, perLookup, selfTimes, type CpuProfile, type Window } from './apiCpuProfile.ts';

// Where counting's CPU goes, function by function (issue 36, point 10): the service with counting on and
// off on one fresh copy of bench:api's 1,000,000 codes, the same load (random existing codes, one device)
// in alternate rounds, each process under `node --cpu-prof`. Prints the main thread's self time per request
// of the functions where the two differ most, only the samples taken while its load ran, beside the
// threads' CPU time per request from /proc: on a shared 2-core machine a profiler counts time spent
// waiting for a core as busy, /proc does not.
//   npx tsx tests/bench/api/apiCountingProfile.ts   (PROFILE_SECONDS, default 5; PROFILE_ROUNDS, default 3;
//   PROFILE_TOP, default 25; PROFILE_DIR keeps the .cpuprofile files there)

const CSV = join(REPO_ROOT, 'data/bench/trace-1m-gtin.csv');
const DB = join(REPO_ROOT, 'data/bench/trace-profile.db');
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 5);
const ROUNDS = Number(process.env.PROFILE_ROUNDS ?? 3);
const TOP = Number(process.env.PROFILE_TOP ?? 25);
const CONNECTIONS = 10;
const PROFILE_DIR = process.env.PROFILE_DIR ?? join(REPO_ROOT, 'data/bench/profiles');
/** A sample every 250 µs: enough of them in a few seconds for functions of a microsecond per request. */
const INTERVAL_US = 250;

/** The main thread's profile of process `pid` (file names: CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile). */
function mainProfile(dir: string, pid: number): CpuProfile {
  const file = readdirSync(dir).find((name) => name.split('.')[3] === String(pid) && name.split('.')[4] === '0');
  if (file === undefined) throw new Error(`no main-thread CPU profile of ${pid} in ${dir}`);
  return JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
}

await ensureBenchCsv(CSV);
for (const file of [DB, countsPath(DB)])
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
console.log((await importBenchCsv(CSV, { TRACE_DB: DB })).summary);
rmSync(PROFILE_DIR, { recursive: true, force: true });
const site = makeSiteDir();
const env = (mode: 'on' | 'off') => {
  mkdirSync(join(PROFILE_DIR, mode), { recursive: true });
  return countingServiceEnv(
    DB,
    site,
    mode,
    `--cpu-prof --cpu-prof-interval=${INTERVAL_US} --cpu-prof-dir=${join(PROFILE_DIR, mode)}`,
  );
};
const modes = ['on', 'off'] as const;
const services: ServiceProcess[] = [];
try {
  for (const mode of modes) services.push(await startService(env(mode), { timeoutMs: 120_000 }));
  const figures = modes.map(() => ({
    windows: [] as Window[],
    requests: 0,
    rates: [] as number[],
    threads: [] as ThreadCpu[],
  }));
  for (const service of services) await randomLookups(service.url, 2, CONNECTIONS);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, service] of services.entries()) {
      const before = threadCpu(service.pid);
      const from = nowUs();
      const result = await randomLookups(service.url, SECONDS, CONNECTIONS);
      const to = nowUs();
      const after = threadCpu(service.pid);
      const figure = figures[i]!;
      figure.windows.push({ from, to });
      figure.requests += result.requests.total;
      figure.rates.push(result.requests.average);
      figure.threads.push(perRequest(before, after, result.requests.total));
      if (result.non2xx + result.errors > 0) throw new Error(`${result.non2xx + result.errors} lookups failed`);
    }
  }
  await Promise.all(services.map((service) => service.stop(30_000)));
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const [on, off] = modes.map((mode, i) =>
    perLookup(
      selfTimes(mainProfile(join(PROFILE_DIR, mode), services[i]!.pid), figures[i]!.windows),
      figures[i]!.requests,
    ),
  ) as [Map<string, number>, Map<string, number>];
  console.log(
    `\nRandom existing codes, one device, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s; load average ` +
      `${loadavg()[0]?.toFixed(1)} (1 min)`,
  );
  for (const [i, mode] of modes.entries()) {
    const figure = figures[i]!;
    const thread = (kind: keyof ThreadCpu) => median(figure.threads.map((cpu) => cpu[kind])).toFixed(1);
    console.log(
      `counting ${mode.padEnd(3)}: ${median(figure.rates).toFixed(0)} lookups/s; /proc µs per lookup: main thread ${thread('main')}, ` +
        `counts writer ${thread('writer')}, other threads ${thread('other')}`,
    );
  }
  console.log(`\n${comparedTimes(on, off, TOP).join('\n')}`);
  console.log(`\nProfiles: ${PROFILE_DIR}/{on,off}`);
} finally {
  await Promise.all(services.map((service) => service.stop(30_000)));
  rmSync(site, { recursive: true, force: true });
}
