import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { API_KEY_HEADER, TRACE_URL_PATH } from '../../../src/contract/traceContract.ts';
import { REPO_ROOT, startService, type ServiceProcess } from '../../support/system/childProcess.ts';
import { makeSiteDir } from '../../support/server/harness.ts';
import { countsPath } from '../../../server/db/sqlite/countsDatabase.ts';
import { benchCode, CODE_COUNT, ensureBenchCsv, importBenchCsv } from './apiBenchData.ts';
import { perRequest, threadCpu, type ThreadCpu } from './apiThreadCpu.ts';

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
const KEY = 'bench-key';
const PROFILE_DIR = process.env.PROFILE_DIR ?? join(REPO_ROOT, 'data/bench/profiles');
/** A sample every 250 µs: enough of them in a few seconds for functions of a microsecond per request. */
const INTERVAL_US = 250;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A window of load, in the monotonic clock's µs, as V8's profiler stamps its samples. */
interface Window {
  from: number;
  to: number;
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

function load(url: string, seconds: number) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: TRACE_URL_PATH,
        headers: { 'content-type': 'application/json', [API_KEY_HEADER]: KEY },
        setupRequest: (request: object) => ({
          ...request,
          body: JSON.stringify({ QrCode: benchCode(Math.floor(Math.random() * CODE_COUNT)) }),
        }),
      },
    ],
  });
}

/** A function as the summary names it: native calls (a statement's get, run) by their caller too. */
function nameOf(node: ProfileNode, parent: ProfileNode | undefined): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.replace(/^.*\/(server|node_modules|src)\//, '$1/');
  const own = `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
  if (url !== '' || parent === undefined || functionName.startsWith('(')) return own;
  return `${own} ← ${nameOf(parent, undefined)}`;
}

/** Self time (µs) per function of the samples inside the windows. */
function selfTimes(profile: CpuProfile, windows: Window[]): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node);
  const names = new Map<number, string>();
  const times = new Map<string, number>();
  let at = profile.startTime;
  for (const [i, id] of profile.samples.entries()) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (!windows.some(({ from, to }) => at >= from && at < to)) continue;
    let name = names.get(id);
    if (name === undefined) {
      name = nameOf(byId.get(id)!, parentOf.get(id));
      names.set(id, name);
    }
    // Each sample stands for the time until the next one.
    const span = profile.timeDeltas[i + 1] ?? delta;
    times.set(name, (times.get(name) ?? 0) + span);
  }
  return times;
}

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
  return {
    TRACE_DB: DB,
    TRACE_API_KEYS: KEY,
    RATE_LIMIT_MAX: '0',
    DRAIN_DELAY_MS: '0',
    LOG_LEVEL: 'warn',
    STATIC_DIR: join(site, 'dist'),
    SSR_ENTRY: join(site, 'no-ssr', 'entry-server.js'),
    CHECKS: mode,
    NODE_OPTIONS: `--cpu-prof --cpu-prof-interval=${INTERVAL_US} --cpu-prof-dir=${join(PROFILE_DIR, mode)}`,
  };
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
  for (const service of services) await load(service.url, 2);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, service] of services.entries()) {
      const before = threadCpu(service.pid);
      const from = nowUs();
      const result = await load(service.url, SECONDS);
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
  const perLookup = modes.map((mode, i) => {
    const times = selfTimes(mainProfile(join(PROFILE_DIR, mode), services[i]!.pid), figures[i]!.windows);
    return new Map([...times].map(([name, us]) => [name, us / figures[i]!.requests]));
  });
  const [on, off] = perLookup as [Map<string, number>, Map<string, number>];
  const total = (times: Map<string, number>) =>
    [...times].filter(([name]) => !name.startsWith('(idle)')).reduce((sum, [, us]) => sum + us, 0);
  console.log(
    `\nRandom existing codes, one device, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s; load average ` +
      `${loadavg()[0]?.toFixed(1)} (1 min)`,
  );
  for (const [i, mode] of modes.entries()) {
    const figure = figures[i]!;
    const thread = (kind: keyof ThreadCpu) => median(figure.threads.map((cpu) => cpu[kind])).toFixed(1);
    console.log(
      `counting ${mode.padEnd(3)}: ${median(figure.rates).toFixed(0)} lookups/s; /proc µs per lookup: main thread ${thread('main')}, ` +
        `counts writer ${thread('writer')}, other threads ${thread('other')}; profile of the main thread (busy, ` +
        `waiting for a core included) ${total(perLookup[i]!).toFixed(1)} µs per lookup, idle ${(perLookup[i]!.get('(idle)') ?? 0).toFixed(1)}`,
    );
  }
  const names = new Set([...on.keys(), ...off.keys()]);
  const rows = [...names]
    .filter((name) => name !== '(idle)')
    .map((name) => ({ name, on: on.get(name) ?? 0, off: off.get(name) ?? 0 }))
    .sort((a, b) => Math.abs(b.on - b.off) - Math.abs(a.on - a.off))
    .slice(0, TOP);
  console.log(`\nMain thread's self time, µs per lookup (the ${TOP} functions where on and off differ most):`);
  console.log('    on     off    diff  function');
  for (const row of rows)
    console.log(
      `${row.on.toFixed(2).padStart(6)} ${row.off.toFixed(2).padStart(7)} ${(row.on - row.off).toFixed(2).padStart(7)}  ${row.name}`,
    );
  console.log(`\nProfiles: ${PROFILE_DIR}/{on,off}`);
} finally {
  await Promise.all(services.map((service) => service.stop(30_000)));
  rmSync(site, { recursive: true, force: true });
}
