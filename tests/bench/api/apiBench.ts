import { readFileSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { API_KEY_HEADER, TRACE_API_BASE_PATH, TRACE_URL_PATH } from '../../../src/contract/traceContract.ts';
import { REPO_ROOT, startService, startTs, type RunningProcess } from '../../support/system/childProcess.ts';
import { startFaultProxy } from '../../support/system/faultProxy.ts';
import { startPostgres, type PostgresServer } from '../../support/system/postgres.ts';
import { countsPath } from '../../../server/db/sqlite/countsDatabase.ts';
import { buildPage } from '../../support/server/buildPage.ts';
import {
  benchCode,
  benchDevice,
  benchDigitalLinkPath,
  CODE_COUNT,
  ensureBenchCsv,
  importBenchCsv,
  MIX_DEVICES,
  zipfCode,
} from './apiBenchData.ts';
import { countingFloor } from './apiCountFloor.ts';
import { cartonCpu, renderCpu, renderCpuLines } from './apiRenderCpu.ts';
import { perRequest, threadCpu, type ThreadCpu } from './apiThreadCpu.ts';

// `--render-beside <entry-server.js>`: the server-render module of another build (dist-ssr/ of an older
// checkout, built), whose render CPU is measured in the same run and printed beside this one's.
const renderBesideArg = process.argv.indexOf('--render-beside');
const RENDER_BESIDE = renderBesideArg > 0 ? process.argv[renderBesideArg + 1] : undefined;

// npm run bench:api — lookups per second and latency against 1,000,000 codes, on SQLite and on
// PostgreSQL (one instance, and two sharing the database), beside a bare Fastify route, in one run,
// after importing the codes into both databases with `npm run import` (its rows per second).
// PostgreSQL is a throwaway server of the bench's own (Debian's package), with its default durability. The cases alternate over ROUNDS rounds and each figure is the median round, so a
// burst of load from elsewhere on the machine skews all cases alike rather than one.
// Upstream mode (issue 24): the service in front of the SQLite instance as its upstream, lookups and
// rendered pages, cache off (what it adds at p99 over the upstream's own), and with the answer cache on
// for one hot code, beside that upstream reached through BENCH_UPSTREAM_DELAY_MS of added latency (a
// trace service across a network; the in-process delay proxy is in the bench's own process).
// The p99 upstream mode adds is compared at BENCH_PACED_RATE lookups/s (default 1000), below saturation.
// Env: BENCH_SECONDS (default 5 per case and round), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 10),
// BENCH_UPSTREAM_DELAY_MS (default 5), BENCH_PACED_RATE, BENCH_CASES (a regular expression: only the cases
// whose names match are measured, e.g. "counting|existing codes" for the lookup counts' rows).
// The load generator shares the machine's cores with the servers; the bare route is limited by it
// (its server sits partly idle), the service by its own CPU, hence the CPU time per request column.
// "-gtin": the rows carry their product's GTIN (issue 39); files of older runs, without it, are not reused.
const CSV = join(REPO_ROOT, 'data/bench/trace-1m-gtin.csv');
const DB = join(REPO_ROOT, 'data/bench/trace-1m-gtin.db');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const KEY = 'bench-key';
/** What the upstream-mode instances send their upstream: never a page key (the service refuses that at start). */
const UPSTREAM_KEY = 'bench-upstream-key';
const TARGET_SHARE = 0.7;
const TARGET_P99_MS = 10;
const EXISTING_CASE = 'trace, random existing codes';
const PAGE_CASE = 'page GET /dt?qr=, existing (rendered)';
// Issue 39: the same codes' pages at their GS1 Digital Link address, as a browser asks (Accept: text/html).
const DL_PAGE_CASE = 'page GET /01/{gtin}/21/{code} (rendered)';
const TARGET_DL_PAGE_GAP = 0.1;
const ACCESS_LOG_CASE = 'trace, existing, access log on';
const TARGET_ACCESS_LOG_COST = 0.1;
const TARGET_PAGES_PER_S = 500;
const TARGET_PAGE_P99_MS = 50;
const TARGET_SQLITE_IMPORT = 150_000;
const TARGET_POSTGRES_IMPORT = 200_000;
const UPSTREAM_CASE = 'upstream mode: trace, existing';
const UPSTREAM_PAGE_CASE = 'upstream mode: page GET /dt?qr=';
const HOT_DIRECT_CASE = 'upstream +delay: trace, one hot code';
const HOT_CACHED_CASE = 'upstream mode, cache on: hot code';
const TARGET_UPSTREAM_P99_ADDED_MS = 2;
const TARGET_CACHE_SPEEDUP = 3;
const UPSTREAM_DELAY_MS = Number(process.env.BENCH_UPSTREAM_DELAY_MS ?? 5);
/** Below what either side saturates at on a 2-core machine, so the p99s compare the work, not queues. */
const PACED_RATE = Number(process.env.BENCH_PACED_RATE ?? 1000);
const PACED_DIRECT_CASE = `trace, existing, ${PACED_RATE}/s`;
const PACED_UPSTREAM_CASE = `upstream mode: existing, ${PACED_RATE}/s`;
// Lookup counts (issue 26) are on in every other service instance; these two have CHECKS=off.
// The main rows are the worst case for counting (every lookup a new code, all from one device); the
// "shoppers' mix" rows are a realistic one: many devices on a Zipf mix of popular codes.
const CHECKS_OFF_CASE = 'trace, existing, counting off';
const POSTGRES_EXISTING_CASE = 'PostgreSQL: trace, existing codes';
const POSTGRES_CHECKS_OFF_CASE = 'PostgreSQL: existing, counting off';
const MIX_CASE = "trace, shoppers' mix, counting";
const MIX_OFF_CASE = "trace, shoppers' mix, counting off";
const POSTGRES_MIX_CASE = "PostgreSQL: shoppers' mix, counting";
const POSTGRES_MIX_OFF_CASE = "PostgreSQL: shoppers' mix, off";
const TARGET_CHECKS_COST = 0.05;

// Six processes start at once beside the load generator: generous on a busy machine.
const START_TIMEOUT_MS = 120_000;
const BARE_READY = /^Bare route ready at (http:\/\/\S+)$/;

interface Case {
  name: string;
  url: string;
  /** A lookup through the API (POST), or the server-rendered page of the code (GET /dt?qr=). */
  page?: boolean;
  /** With `page`: the page at the code's GS1 Digital Link address instead of /dt?qr=. */
  digitalLink?: boolean;
  /** The server process, whose CPU time per request is the steadiest figure on a shared machine. */
  pid: number;
  /** A second instance that gets half the connections (the PostgreSQL row of two instances). */
  also?: { url: string; pid: number };
  code: () => string;
  /** The User-Agent of each request (a device, as counting tells them apart); none by default. */
  userAgent?: () => string;
  /** Requests per second in all, sent at that pace whatever the answers' speed: latency below saturation. */
  rate?: number;
}

/** CPU seconds (user + system) a process has used so far, from Linux's /proc (clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function options({ url, code, page, digitalLink, rate, userAgent }: Case, duration: number) {
  const pace = rate === undefined ? {} : { overallRate: rate };
  if (page && digitalLink) {
    const path = () => benchDigitalLinkPath(Number(code().slice(2)));
    return {
      url,
      connections: CONNECTIONS,
      duration,
      ...pace,
      requests: [
        {
          method: 'GET' as const,
          headers: { accept: 'text/html' },
          setupRequest: (request: object) => ({ ...request, path: path() }),
        },
      ],
    };
  }
  if (page) {
    return {
      url,
      connections: CONNECTIONS,
      duration,
      ...pace,
      requests: [
        { method: 'GET' as const, setupRequest: (request: object) => ({ ...request, path: `/dt?qr=${code()}` }) },
      ],
    };
  }
  return {
    url,
    connections: CONNECTIONS,
    duration,
    ...pace,
    requests: [
      {
        method: 'POST' as const,
        path: TRACE_URL_PATH,
        headers: { 'content-type': 'application/json', [API_KEY_HEADER]: KEY },
        setupRequest: (request: { headers?: Record<string, string> }) => ({
          ...request,
          ...(userAgent && { headers: { ...request.headers, 'user-agent': userAgent() } }),
          body: JSON.stringify({ QrCode: code() }),
        }),
      },
    ],
  };
}

/** One autocannon run per instance, side by side, the connections split between them; rates add up. */
async function load(benchCase: Case, duration: number) {
  const targets = [benchCase.url, ...(benchCase.also ? [benchCase.also.url] : [])];
  const results = await Promise.all(
    targets.map((url) =>
      autocannon({ ...options({ ...benchCase, url }, duration), connections: Math.ceil(CONNECTIONS / targets.length) }),
    ),
  );
  return {
    rate: results.reduce((sum, result) => sum + result.requests.average, 0),
    total: results.reduce((sum, result) => sum + result.requests.total, 0),
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    failed: results.reduce((sum, result) => sum + result.non2xx + result.errors, 0),
  };
}

/** BENCH_CASES: the cases to measure (all by default). */
const ONLY = new RegExp(process.env.BENCH_CASES ?? '');
const measured = (name: string) => ONLY.test(name);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

await ensureBenchCsv(CSV);
// Both imports into empty databases, each run: the figures of `npm run import` on 1,000,000 codes.
// The lookup counts' file too (server/db/sqlite/countsDatabase.ts): counts of an earlier run would join this one's.
for (const file of [DB, countsPath(DB)])
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
const sqliteImport = await importBenchCsv(CSV, { TRACE_DB: DB });
console.log(`SQLite: ${sqliteImport.summary}`);
// The page built into a private folder, so the service renders /dt?qr= as `npm start` does.
const { root: buildRoot, ...builtPage } = await buildPage();
const postgres: PostgresServer = await startPostgres({ durable: true });
let postgresImport: Awaited<ReturnType<typeof importBenchCsv>>;
let databaseUrl: string;
try {
  databaseUrl = await postgres.createDatabase();
  postgresImport = await importBenchCsv(CSV, { DATABASE_URL: databaseUrl });
  console.log(`PostgreSQL: ${postgresImport.summary}`);
} catch (error) {
  await postgres.stop();
  await rm(buildRoot, { recursive: true, force: true });
  throw error;
}
const serviceEnv = {
  TRACE_DB: DB,
  TRACE_API_KEYS: `${KEY},${UPSTREAM_KEY}`,
  RATE_LIMIT_MAX: '0',
  DRAIN_DELAY_MS: '0',
  STATIC_DIR: builtPage.staticDir,
  SSR_ENTRY: builtPage.ssrEntry,
};
const starting = [
  startTs('tests/bench/api/apiBareServer.ts', { ready: BARE_READY, timeoutMs: START_TIMEOUT_MS }),
  startTs('tests/bench/api/apiBareServer.ts', {
    ready: BARE_READY,
    env: { BENCH_DB: DB },
    timeoutMs: START_TIMEOUT_MS,
  }),
  // Like the bare route, which has no logger, the service logs only warnings and errors here; a second
  // instance with the access log (LOG_LEVEL=info, the default: one line per request) shows what it costs.
  startService({ ...serviceEnv, LOG_LEVEL: 'warn' }, { timeoutMs: START_TIMEOUT_MS }),
  startService({ ...serviceEnv, LOG_LEVEL: 'info' }, { timeoutMs: START_TIMEOUT_MS }),
  // The same service on PostgreSQL, twice: two instances on one database, as behind a load balancer.
  startService({ ...serviceEnv, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }, { timeoutMs: START_TIMEOUT_MS }),
  startService({ ...serviceEnv, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }, { timeoutMs: START_TIMEOUT_MS }),
  // Counting off, beside the instances above that count: what counting costs (issue 26).
  startService({ ...serviceEnv, LOG_LEVEL: 'warn', CHECKS: 'off' }, { timeoutMs: START_TIMEOUT_MS }),
  startService(
    { ...serviceEnv, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', CHECKS: 'off' },
    { timeoutMs: START_TIMEOUT_MS },
  ),
] as const;
// The delay proxy's target is only known once the SQLite instance listens: the upstream-mode
// instances start after the others.
// All settled, not all: those that did start are stopped below even when another failed to.
const processes = await Promise.allSettled(starting);
let delayProxy: Awaited<ReturnType<typeof startFaultProxy>> | undefined;
const running = processes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
try {
  const failed = processes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  const [
    bare,
    bareWithRead,
    service,
    loggingService,
    onPostgres,
    secondOnPostgres,
    notCounting,
    notCountingOnPostgres,
  ] = running as [
    RunningProcess,
    RunningProcess,
    RunningProcess,
    RunningProcess,
    RunningProcess,
    RunningProcess,
    RunningProcess,
    RunningProcess,
  ];
  const urlOf = ({ ready }: RunningProcess) => ready[1]!;
  delayProxy = await startFaultProxy(urlOf(service));
  delayProxy.delayMs = UPSTREAM_DELAY_MS;
  delayProxy.set('slow');
  const upstreamEnv = { ...serviceEnv, TRACE_API_KEYS: KEY, TRACE_UPSTREAM_KEY: UPSTREAM_KEY, LOG_LEVEL: 'warn' };
  const viaUpstream = await startService(
    { ...upstreamEnv, TRACE_UPSTREAM_URL: `${urlOf(service)}${TRACE_API_BASE_PATH}`, TRACE_UPSTREAM_CACHE_TTL_S: '0' },
    { timeoutMs: START_TIMEOUT_MS },
  );
  running.push(viaUpstream);
  const cachedUpstream = await startService(
    { ...upstreamEnv, TRACE_UPSTREAM_URL: `${delayProxy.url}${TRACE_API_BASE_PATH}`, TRACE_UPSTREAM_CACHE_TTL_S: '30' },
    { timeoutMs: START_TIMEOUT_MS },
  );
  running.push(cachedUpstream);
  const random = (n: number) => Math.floor(Math.random() * n);
  const existing = () => benchCode(random(CODE_COUNT));
  const unknown = () => benchCode(CODE_COUNT + random(CODE_COUNT));
  const hot = () => benchCode(42);
  const mix = { code: () => benchCode(zipfCode()), userAgent: () => benchDevice(random(MIX_DEVICES)) };
  const allCases: Case[] = [
    { name: 'bare Fastify route (constant JSON)', url: urlOf(bare), pid: bare.pid, code: existing },
    { name: 'bare route + one SQLite read', url: urlOf(bareWithRead), pid: bareWithRead.pid, code: existing },
    { name: EXISTING_CASE, url: urlOf(service), pid: service.pid, code: existing },
    { name: CHECKS_OFF_CASE, url: urlOf(notCounting), pid: notCounting.pid, code: existing },
    { name: MIX_CASE, url: urlOf(service), pid: service.pid, ...mix },
    { name: MIX_OFF_CASE, url: urlOf(notCounting), pid: notCounting.pid, ...mix },
    { name: 'trace, random unknown codes', url: urlOf(service), pid: service.pid, code: unknown },
    { name: ACCESS_LOG_CASE, url: urlOf(loggingService), pid: loggingService.pid, code: existing },
    { name: PAGE_CASE, url: urlOf(service), pid: service.pid, code: existing, page: true },
    { name: DL_PAGE_CASE, url: urlOf(service), pid: service.pid, code: existing, page: true, digitalLink: true },
    { name: POSTGRES_EXISTING_CASE, url: urlOf(onPostgres), pid: onPostgres.pid, code: existing },
    {
      name: POSTGRES_CHECKS_OFF_CASE,
      url: urlOf(notCountingOnPostgres),
      pid: notCountingOnPostgres.pid,
      code: existing,
    },
    { name: POSTGRES_MIX_CASE, url: urlOf(onPostgres), pid: onPostgres.pid, ...mix },
    { name: POSTGRES_MIX_OFF_CASE, url: urlOf(notCountingOnPostgres), pid: notCountingOnPostgres.pid, ...mix },
    { name: 'PostgreSQL: trace, unknown codes', url: urlOf(onPostgres), pid: onPostgres.pid, code: unknown },
    {
      name: 'PostgreSQL: 2 instances, existing',
      url: urlOf(onPostgres),
      pid: onPostgres.pid,
      also: { url: urlOf(secondOnPostgres), pid: secondOnPostgres.pid },
      code: existing,
    },
    { name: UPSTREAM_CASE, url: urlOf(viaUpstream), pid: viaUpstream.pid, code: existing },
    { name: PACED_DIRECT_CASE, url: urlOf(service), pid: service.pid, code: existing, rate: PACED_RATE },
    { name: PACED_UPSTREAM_CASE, url: urlOf(viaUpstream), pid: viaUpstream.pid, code: existing, rate: PACED_RATE },
    { name: UPSTREAM_PAGE_CASE, url: urlOf(viaUpstream), pid: viaUpstream.pid, code: existing, page: true },
    // The delay proxy runs in this process: its CPU is the load generator's, not a server's.
    { name: HOT_DIRECT_CASE, url: delayProxy.url, pid: service.pid, code: hot },
    { name: HOT_CACHED_CASE, url: urlOf(cachedUpstream), pid: cachedUpstream.pid, code: hot },
  ];
  // The bare route stays: every rate is also given as a share of it.
  const cases = allCases.filter((benchCase, i) => i === 0 || ONLY.test(benchCase.name));
  // In this process, while the services above idle: a render's own CPU, no HTTP nor lookup.
  const pageCpu = await renderCpu(builtPage.ssrEntry);
  const cartonsCpu = await cartonCpu(builtPage.ssrEntry);
  const besideCpu = RENDER_BESIDE ? await renderCpu(RENDER_BESIDE) : undefined;
  // Warm-up: JIT, the code index's pages, PostgreSQL's connections and prepared statements.
  for (const benchCase of cases) await load(benchCase, 2);
  const rounds = cases.map(() => ({
    rate: [] as number[],
    cpu: [] as number[],
    p50: [] as number[],
    p99: [] as number[],
    /** The first instance's CPU by thread, µs per request, each round. */
    threads: [] as ThreadCpu[],
    failed: 0,
  }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, benchCase] of cases.entries()) {
      const pids = [benchCase.pid, ...(benchCase.also ? [benchCase.also.pid] : [])];
      const cpuBefore = pids.map(cpuSeconds);
      const threadsBefore = threadCpu(benchCase.pid);
      const result = await load(benchCase, SECONDS);
      const threadsAfter = threadCpu(benchCase.pid);
      const figures = rounds[i]!;
      figures.rate.push(result.rate);
      const cpuUsed = pids.reduce((sum, pid, at) => sum + cpuSeconds(pid) - cpuBefore[at]!, 0);
      figures.cpu.push((cpuUsed * 1e6) / result.total);
      if (!benchCase.also) figures.threads.push(perRequest(threadsBefore, threadsAfter, result.total));
      figures.p50.push(result.p50);
      figures.p99.push(result.p99);
      figures.failed += result.failed;
    }
  }
  // After the rounds, while the services idle: check_codes holds what the counting cases counted.
  const floor = countingFloor(DB);
  console.log(
    `\n${CODE_COUNT.toLocaleString('en')} codes, ${CONNECTIONS} connections, median of ${ROUNDS} rounds of ${SECONDS} s, ` +
      `machine load average at the end: ${loadavg()[0]?.toFixed(1)} (1 min), ${loadavg()[2]?.toFixed(1)} (15 min)`,
  );
  console.log(
    'case                                   lookups/s   vs bare   p50 ms   p99 ms   failed   server CPU µs/request',
  );
  const bareRate = median(rounds[0]!.rate);
  for (const [i, benchCase] of cases.entries()) {
    const figures = rounds[i]!;
    const rate = median(figures.rate);
    console.log(
      `${benchCase.name.padEnd(38)} ${rate.toFixed(0).padStart(9)} ${`${((rate / bareRate) * 100).toFixed(0)}%`.padStart(9)}` +
        ` ${String(median(figures.p50)).padStart(8)} ${String(median(figures.p99)).padStart(8)} ${String(figures.failed).padStart(8)}` +
        ` ${median(figures.cpu).toFixed(0).padStart(10)}`,
    );
  }
  const figure = (name: string) => rounds[cases.findIndex((benchCase) => benchCase.name === name)]!;
  const existingCase = figure(EXISTING_CASE);
  if (measured(EXISTING_CASE)) {
    const share = median(existingCase.rate) / bareRate;
    const p99 = median(existingCase.p99);
    const met = share >= TARGET_SHARE && p99 < TARGET_P99_MS;
    console.log(
      `\nTarget for existing codes, ≥ ${TARGET_SHARE * 100} % of the bare route and p99 < ${TARGET_P99_MS} ms: ` +
        `${met ? 'met' : 'not met'} (${(share * 100).toFixed(0)} %, p99 ${p99} ms)`,
    );
  }
  if (measured(PAGE_CASE)) {
    const pageCase = figure(PAGE_CASE);
    const pageRate = median(pageCase.rate);
    const pageP99 = median(pageCase.p99);
    console.log(
      `Target for rendered pages, ≥ ${TARGET_PAGES_PER_S} pages/s and p99 ≤ ${TARGET_PAGE_P99_MS} ms: ` +
        `${pageRate >= TARGET_PAGES_PER_S && pageP99 <= TARGET_PAGE_P99_MS ? 'met' : 'not met'} (${pageRate.toFixed(0)} pages/s, p99 ${pageP99} ms)`,
    );
  }
  if (measured(PAGE_CASE) && measured(DL_PAGE_CASE)) {
    const [dt, dl] = [figure(PAGE_CASE), figure(DL_PAGE_CASE)];
    // The Digital Link page may be as fast or faster; the target is that it costs at most 10 % more.
    const gap = 1 - median(dl.rate) / median(dt.rate);
    console.log(
      `Target for the Digital Link page, at most ${TARGET_DL_PAGE_GAP * 100} % fewer pages/s than /dt?qr=: ` +
        `${gap <= TARGET_DL_PAGE_GAP ? 'met' : 'not met'} (${median(dl.rate).toFixed(0)} beside ` +
        `${median(dt.rate).toFixed(0)} pages/s, ${Math.abs(gap * 100).toFixed(1)} % ${gap > 0 ? 'fewer' : 'more'}; p99 ${median(dl.p99)} beside ` +
        `${median(dt.p99)} ms; CPU ${median(dl.cpu).toFixed(0)} beside ${median(dt.cpu).toFixed(0)} µs per page)`,
    );
  }
  if (measured(ACCESS_LOG_CASE) && measured(EXISTING_CASE)) {
    const logged = figure(ACCESS_LOG_CASE);
    const logCost = 1 - median(logged.rate) / median(existingCase.rate);
    console.log(
      `Target for the access log (LOG_LEVEL=info), ≤ ${TARGET_ACCESS_LOG_COST * 100} % of peak lookups/s: ` +
        `${logCost <= TARGET_ACCESS_LOG_COST ? 'met' : 'not met'} (${(logCost * 100).toFixed(0)} %, ` +
        `${(median(logged.cpu) - median(existingCase.cpu)).toFixed(0)} µs more CPU per request)`,
    );
  }
  for (const line of renderCpuLines(pageCpu, cartonsCpu)) console.log(line);
  if (besideCpu)
    console.log(
      `  beside ${RENDER_BESIDE}: without any cache ${besideCpu.uncachedMs.toFixed(2)} ms CPU, from the render cache ` +
        `${besideCpu.cachedMs.toFixed(2)} ms; this build's render without cache is ` +
        `${((pageCpu.uncachedMs / besideCpu.uncachedMs) * 100).toFixed(0)} % of that one's (issue 27's aim: at most a third)`,
    );
  console.log(
    `Import of ${CODE_COUNT.toLocaleString('en')} codes (npm run import, empty database): ` +
      `SQLite ${sqliteImport.rowsPerSecond.toLocaleString('en')} rows/s (${sqliteImport.seconds} s, ${sqliteImport.cpuSeconds} s CPU), ` +
      `PostgreSQL ${postgresImport.rowsPerSecond.toLocaleString('en')} rows/s (${postgresImport.seconds} s, ` +
      `${postgresImport.cpuSeconds} s CPU in the importer + ${postgresImport.serverCpuSeconds?.toFixed(1)} s in PostgreSQL), ` +
      `load average ${sqliteImport.loadAverage.toFixed(1)} / ${postgresImport.loadAverage.toFixed(1)}; ` +
      `targets ≥ ${TARGET_SQLITE_IMPORT.toLocaleString('en')} and ≥ ${TARGET_POSTGRES_IMPORT.toLocaleString('en')}: ` +
      `${sqliteImport.rowsPerSecond >= TARGET_SQLITE_IMPORT ? 'met' : 'not met'}, ${postgresImport.rowsPerSecond >= TARGET_POSTGRES_IMPORT ? 'met' : 'not met'}`,
  );
  if (
    [PACED_UPSTREAM_CASE, PACED_DIRECT_CASE, UPSTREAM_PAGE_CASE, PAGE_CASE, UPSTREAM_CASE, EXISTING_CASE].every(
      measured,
    )
  ) {
    const p99Added = median(figure(PACED_UPSTREAM_CASE).p99) - median(figure(PACED_DIRECT_CASE).p99);
    const pageP99Added = median(figure(UPSTREAM_PAGE_CASE).p99) - median(figure(PAGE_CASE).p99);
    console.log(
      `Upstream mode, cache off, in front of the SQLite instance: ${median(figure(UPSTREAM_CASE).rate).toFixed(0)} lookups/s ` +
        `(the upstream's own: ${median(existingCase.rate).toFixed(0)}), ${median(figure(UPSTREAM_PAGE_CASE).rate).toFixed(0)} pages/s ` +
        `(database mode: ${median(figure(PAGE_CASE).rate).toFixed(0)}); p99 added over the upstream's own, ≤ ${TARGET_UPSTREAM_P99_ADDED_MS} ms: ` +
        `${p99Added <= TARGET_UPSTREAM_P99_ADDED_MS ? 'met' : 'not met'} (lookups at ${PACED_RATE}/s +${p99Added} ms; ` +
        `at saturation: lookups +${median(figure(UPSTREAM_CASE).p99) - median(existingCase.p99)} ms, pages +${pageP99Added} ms)`,
    );
  }
  const worst = 'every lookup a new code, one device (the target)';
  const shoppers = `${MIX_DEVICES.toLocaleString('en')} devices on a Zipf mix of codes`;
  for (const [on, off, label, load] of [
    [EXISTING_CASE, CHECKS_OFF_CASE, 'SQLite', worst],
    [POSTGRES_EXISTING_CASE, POSTGRES_CHECKS_OFF_CASE, 'PostgreSQL', worst],
    [MIX_CASE, MIX_OFF_CASE, 'SQLite', shoppers],
    [POSTGRES_MIX_CASE, POSTGRES_MIX_OFF_CASE, 'PostgreSQL', shoppers],
  ] as const) {
    if (!measured(on) || !measured(off)) continue;
    const onRate = median(figure(on).rate);
    const offRate = median(figure(off).rate);
    const cost = 1 - onRate / offRate;
    const thread = (name: string, kind: keyof ThreadCpu) => median(figure(name).threads.map((cpu) => cpu[kind]));
    console.log(
      `Lookup counts (issue 26) on ${label}, ${load}, ≤ ${TARGET_CHECKS_COST * 100} % fewer lookups/s than CHECKS=off: ` +
        `${cost <= TARGET_CHECKS_COST ? 'met' : 'not met'} (${onRate.toFixed(0)} vs ${offRate.toFixed(0)} lookups/s, ${(cost * 100).toFixed(1)} %; ` +
        `${(median(figure(on).cpu) - median(figure(off).cpu)).toFixed(0)} µs more CPU per request: ` +
        `main thread ${thread(on, 'main').toFixed(0)} vs ${thread(off, 'main').toFixed(0)} µs, counts writer ${thread(on, 'writer').toFixed(1)} µs, ` +
        `V8's helper threads ${thread(on, 'other').toFixed(1)} vs ${thread(off, 'other').toFixed(1)} µs)`,
    );
  }
  if (measured(CHECKS_OFF_CASE)) {
    const read = floor.countedUs - floor.plainUs;
    const offCpu = median(figure(CHECKS_OFF_CASE).cpu);
    const part = (us: number) => `+${us.toFixed(2)} µs (${((us / offCpu) * 100).toFixed(1)} %)`;
    console.log(
      `What counting must add to a lookup of a new code, each part timed alone in this process, beside the server's CPU ` +
        `per lookup with counting off (${offCpu.toFixed(0)} µs): reading the code's counts with it ${part(read)}, ` +
        `hashing the device ${part(floor.hashUs)}, the code's totals written ${part(floor.codeRowUs)}, its day's ` +
        `row ${part(floor.dayRowUs)} (writes without their commit); target ${TARGET_CHECKS_COST * 100} %`,
    );
  }
  if (measured(HOT_CACHED_CASE) && measured(HOT_DIRECT_CASE)) {
    const speedup = median(figure(HOT_CACHED_CASE).rate) / median(figure(HOT_DIRECT_CASE).rate);
    console.log(
      `Answer cache on, one hot code, upstream ${UPSTREAM_DELAY_MS} ms away, ≥ ${TARGET_CACHE_SPEEDUP}x the upstream's own rate: ` +
        `${speedup >= TARGET_CACHE_SPEEDUP ? 'met' : 'not met'} (${speedup.toFixed(1)}x: ${median(figure(HOT_CACHED_CASE).rate).toFixed(0)} vs ` +
        `${median(figure(HOT_DIRECT_CASE).rate).toFixed(0)} lookups/s)`,
    );
  }
} finally {
  await delayProxy?.stop();
  await Promise.all(running.map((started) => started.stop()));
  await postgres.stop();
  await rm(buildRoot, { recursive: true, force: true });
}
