import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { API_KEY_HEADER, TRACE_URL_PATH } from '../../src/api/traceContract.ts';
import { REPO_ROOT, startService, startTs, type RunningProcess } from '../support/childProcess.ts';
import { buildPage } from '../e2e/support/buildPage.ts';
import { benchCode, CODE_COUNT, ensureBenchDatabase } from './apiBenchData.ts';

// npm run bench:api — lookups per second and latency against 1,000,000 codes, beside a bare Fastify
// route, in one run. The cases alternate over ROUNDS rounds and each figure is the median round, so a
// burst of load from elsewhere on the machine skews all cases alike rather than one.
// Env: BENCH_SECONDS (default 5 per case and round), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 10).
// The load generator shares the machine's cores with the servers; the bare route is limited by it
// (its server sits partly idle), the service by its own CPU, hence the CPU time per request column.
const DB = join(REPO_ROOT, 'data/bench/trace-1m.db');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const KEY = 'bench-key';
const TARGET_SHARE = 0.7;
const TARGET_P99_MS = 10;
const EXISTING_CASE = 'trace, random existing codes';
const PAGE_CASE = 'page GET /dt?qr=, existing (rendered)';
const TARGET_PAGES_PER_S = 500;
const TARGET_PAGE_P99_MS = 50;

const BARE_READY = /^Bare route ready at (http:\/\/\S+)$/;

interface Case {
  name: string;
  url: string;
  /** A lookup through the API (POST), or the server-rendered page of the code (GET /dt?qr=). */
  page?: boolean;
  /** The server process, whose CPU time per request is the steadiest figure on a shared machine. */
  pid: number;
  code: () => string;
}

/** CPU seconds (user + system) a process has used so far, from Linux's /proc (clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function options({ url, code, page }: Case, duration: number) {
  if (page) {
    return {
      url,
      connections: CONNECTIONS,
      duration,
      requests: [{ method: 'GET' as const, setupRequest: (request: object) => ({ ...request, path: `/dt?qr=${code()}` }) }],
    };
  }
  return {
    url,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: 'POST' as const,
        path: TRACE_URL_PATH,
        headers: { 'content-type': 'application/json', [API_KEY_HEADER]: KEY },
        setupRequest: (request: object) => ({ ...request, body: JSON.stringify({ QrCode: code() }) }),
      },
    ],
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const built = await ensureBenchDatabase(DB);
if (built) {
  const rate = Math.round(built.rows / built.seconds).toLocaleString('en');
  console.log(`Built ${DB}: ${built.rows.toLocaleString('en')} codes imported in ${built.seconds.toFixed(1)} s (${rate} rows/s)`);
}

// The page built into a private folder, so the service renders /dt?qr= as `npm start` does.
const { root: buildRoot, ...builtPage } = await buildPage();
const serviceEnv = {
  TRACE_DB: DB,
  TRACE_API_KEYS: KEY,
  RATE_LIMIT_MAX: '0',
  DRAIN_DELAY_MS: '0',
  STATIC_DIR: builtPage.staticDir,
  SSR_ENTRY: builtPage.ssrEntry,
};
const starting = [
  startTs('tests/bench/apiBareServer.ts', { ready: BARE_READY }),
  startTs('tests/bench/apiBareServer.ts', { ready: BARE_READY, env: { BENCH_DB: DB } }),
  // Like the bare route, which has no logger, the service logs only warnings and errors here; a second
  // instance with Fastify's per-request log lines (LOG_LEVEL=info, the default) shows what they cost.
  startService({ ...serviceEnv, LOG_LEVEL: 'warn' }),
  startService({ ...serviceEnv, LOG_LEVEL: 'info' }),
] as const;
// All settled, not all: those that did start are stopped below even when another failed to.
const processes = await Promise.allSettled(starting);
const running = processes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
try {
  const failed = processes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  const [bare, bareWithRead, service, loggingService] = running as [RunningProcess, RunningProcess, RunningProcess, RunningProcess];
  const urlOf = ({ ready }: RunningProcess) => ready[1]!;
  const random = (n: number) => Math.floor(Math.random() * n);
  const existing = () => benchCode(random(CODE_COUNT));
  const unknown = () => benchCode(CODE_COUNT + random(CODE_COUNT));
  const cases: Case[] = [
    { name: 'bare Fastify route (constant JSON)', url: urlOf(bare), pid: bare.pid, code: existing },
    { name: 'bare route + one SQLite read', url: urlOf(bareWithRead), pid: bareWithRead.pid, code: existing },
    { name: EXISTING_CASE, url: urlOf(service), pid: service.pid, code: existing },
    { name: 'trace, random unknown codes', url: urlOf(service), pid: service.pid, code: unknown },
    { name: 'trace, existing, request log on', url: urlOf(loggingService), pid: loggingService.pid, code: existing },
    { name: PAGE_CASE, url: urlOf(service), pid: service.pid, code: existing, page: true },
  ];
  // Warm-up: JIT, and the SQLite pages of the code index.
  for (const benchCase of cases) await autocannon(options(benchCase, 2));
  const rounds = cases.map(() => ({
    rate: [] as number[],
    cpu: [] as number[],
    p50: [] as number[],
    p99: [] as number[],
    failed: 0,
  }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, benchCase] of cases.entries()) {
      const cpuBefore = cpuSeconds(benchCase.pid);
      const result = await autocannon(options(benchCase, SECONDS));
      const figures = rounds[i]!;
      figures.rate.push(result.requests.average);
      figures.cpu.push(((cpuSeconds(benchCase.pid) - cpuBefore) * 1e6) / result.requests.total);
      figures.p50.push(result.latency.p50);
      figures.p99.push(result.latency.p99);
      figures.failed += result.non2xx + result.errors;
    }
  }
  console.log(
    `\n${CODE_COUNT.toLocaleString('en')} codes, ${CONNECTIONS} connections, median of ${ROUNDS} rounds of ${SECONDS} s, ` +
      `machine load average at the end: ${loadavg()[0]?.toFixed(1)} (1 min), ${loadavg()[2]?.toFixed(1)} (15 min)`,
  );
  console.log('case                                   lookups/s   vs bare   p50 ms   p99 ms   failed   server CPU µs/request');
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
  const existingCase = rounds[cases.findIndex((benchCase) => benchCase.name === EXISTING_CASE)]!;
  const share = median(existingCase.rate) / bareRate;
  const p99 = median(existingCase.p99);
  const met = share >= TARGET_SHARE && p99 < TARGET_P99_MS;
  console.log(
    `\nTarget for existing codes, ≥ ${TARGET_SHARE * 100} % of the bare route and p99 < ${TARGET_P99_MS} ms: ` +
      `${met ? 'met' : 'not met'} (${(share * 100).toFixed(0)} %, p99 ${p99} ms)`,
  );
  const pageCase = rounds[cases.findIndex((benchCase) => benchCase.name === PAGE_CASE)]!;
  const pageRate = median(pageCase.rate);
  const pageP99 = median(pageCase.p99);
  console.log(
    `Target for rendered pages, ≥ ${TARGET_PAGES_PER_S} pages/s and p99 ≤ ${TARGET_PAGE_P99_MS} ms: ` +
      `${pageRate >= TARGET_PAGES_PER_S && pageP99 <= TARGET_PAGE_P99_MS ? 'met' : 'not met'} (${pageRate.toFixed(0)} pages/s, p99 ${pageP99} ms)`,
  );
} finally {
  await Promise.all(running.map((started) => started.stop()));
  await rm(buildRoot, { recursive: true, force: true });
}
