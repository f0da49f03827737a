import { readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_KEY_HEADER, TRACE_URL_PATH } from '../../../src/contract/traceContract.ts';
import { buildPage } from '../../support/server/buildPage.ts';
import { makeSiteDir } from '../../support/server/harness.ts';
import { startService, startTs, type RunningProcess } from '../../support/system/childProcess.ts';
import { FAKE_READY, serveFakeUpstream } from './fakeUpstream.ts';

// npm run bench:upstream (issue 37 point 7): can one client or one bad answer of the brand's service
// slow or fail a normal shopper in upstream mode? The page server (the page built as `npm run build`
// does, default limits: RATE_LIMIT_MAX=600 a minute, TRACE_UPSTREAM_UNKNOWN_MAX=60, cache TTL 30 s) in
// front of a fake upstream (./fakeUpstream.ts, a process of its own), all on loopback. A normal shopper
// looks up known codes through the API, a new code each time (each a call to the upstream), one every
// PACE_MS for PHASE_SECONDS: alone, then while (a) one client sends unknown codes at its whole allowed
// rate, (b) one client asks a code the upstream answers with 1 MiB of garbage, at the same rate,
// (c) the upstream answers a tenth of the codes (those ending in 0, the shopper's included) after 5 s,
// (d) one client renders the page of a carton of 50,000 units, one page after another. Readiness is
// sampled every READY_MS throughout. Each client has its own loopback address (127.0.0.0/8), so its
// own budget. Prints p50/p99 of the shopper's 200s side by side, every status counted, and exits 1 if
// a target is missed: the shopper's p99 at most 2x alone, no 5xx to the shopper but the designed 504 of
// a slow code in (c), readiness 200 throughout.
// Beside each case, the page server's CPU time in the phase (Linux /proc): all its threads, and its main
// thread alone, the event loop every request waits for; robust where a loaded machine skews the times.
// Env: PHASE_SECONDS (default 10), PACE_MS (default 50); CASES, the cases to run besides alone (default
// 'a,b,c,d'; e.g. CASES=d on a loaded machine); SERVER_CPU_PROF_DIR, a folder where the page server
// writes its CPU profile (node --cpu-prof) when it stops.
const PHASE_SECONDS = Number(process.env.PHASE_SECONDS ?? 10);
const PACE_MS = Number(process.env.PACE_MS ?? 50);
const CASES = new Set((process.env.CASES ?? 'a,b,c,d').split(',').map((name) => name.trim()));
const SERVER_CPU_PROF_DIR = process.env.SERVER_CPU_PROF_DIR;
const KEY = 'bench-page-key';
const UPSTREAM_KEY = 'bench-upstream-key';
/** A client at the page server's default budget: 600 a minute. */
const CLIENT_PACE_MS = 100;
const READY_MS = 250;
const MAX_P99_RATIO = 2;
const LOOKUP_TIMEOUT_MS = 10_000;
const PAGE_TIMEOUT_MS = 120_000;
/** Pages of the carton at most in case (d). */
const MAX_PAGES = 20;

type Counts = Map<string, number>;
const add = (counts: Counts, status: string): void => void counts.set(status, (counts.get(status) ?? 0) + 1);

interface Shopper {
  p50: number;
  p99: number;
  statuses: Counts;
  /** Non-200 answers to codes that were not the case's faulty ones. */
  undesigned: Counts;
}

function post(agent: Agent, url: URL, code: string): Promise<string> {
  const body = JSON.stringify({ QrCode: code });
  return new Promise((resolve) => {
    const sent = request(
      url,
      {
        method: 'POST',
        agent,
        timeout: LOOKUP_TIMEOUT_MS,
        headers: { 'content-type': 'application/json', [API_KEY_HEADER]: KEY, 'content-length': body.length },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(String(response.statusCode)));
      },
    );
    sent.on('timeout', () => sent.destroy(new Error('timeout')));
    sent.on('error', (error) => resolve(error.message));
    sent.end(body);
  });
}

function get(agent: Agent, url: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve) => {
    const sent = request(url, { agent, timeout: timeoutMs }, (response) => {
      response.resume();
      response.on('end', () => resolve(String(response.statusCode)));
    });
    sent.on('timeout', () => sent.destroy(new Error('timeout')));
    sent.on('error', (error) => resolve(error.message));
    sent.end();
  });
}

/** Runs `step` every `paceMs` (paced from the start) until `until`, or `count` times. */
async function paced(paceMs: number, until: number, step: (i: number) => Promise<void>, count = Infinity) {
  const begun = performance.now();
  for (let i = 0; i < count && performance.now() < until; i++) {
    await step(i);
    const wait = begun + (i + 1) * paceMs - performance.now();
    if (wait > 0) await sleep(wait);
  }
}

let nextCode = 1;

/** The normal shopper: a new known code each lookup; `faulty` says which codes the case breaks on purpose. */
async function shopper(origin: string, address: string, until: number, faulty: (code: string) => boolean) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: address });
  const url = new URL(`${origin}${TRACE_URL_PATH}`);
  const times: number[] = [];
  const statuses: Counts = new Map();
  const undesigned: Counts = new Map();
  try {
    await paced(PACE_MS, until, async () => {
      const code = `SHOP${String(nextCode++).padStart(13, '0')}`;
      const begun = performance.now();
      const status = await post(agent, url, code);
      add(statuses, status);
      if (status === '200') times.push(performance.now() - begun);
      else if (!faulty(code)) add(undesigned, status);
    });
  } finally {
    agent.destroy();
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99), statuses, undesigned } satisfies Shopper;
}

async function readiness(origin: string, until: number): Promise<Counts> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: '127.0.0.9' });
  const counts: Counts = new Map();
  try {
    await paced(READY_MS, until, async () => add(counts, await get(agent, `${origin}/readyz`, LOOKUP_TIMEOUT_MS)));
  } finally {
    agent.destroy();
  }
  return counts;
}

/** One other client's lookups of `codeOf(i)` at the page server's whole allowed rate. */
async function otherClient(origin: string, address: string, until: number, codeOf: (i: number) => string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: address });
  const url = new URL(`${origin}${TRACE_URL_PATH}`);
  const counts: Counts = new Map();
  try {
    await paced(CLIENT_PACE_MS, until, async (i) => add(counts, await post(agent, url, codeOf(i))));
  } finally {
    agent.destroy();
  }
  return counts;
}

/** One client rendering the carton's page, one after another, a new carton code each (no cache helps). */
async function cartonPages(origin: string, address: string, until: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: address });
  const counts: Counts = new Map();
  try {
    await paced(
      0,
      until,
      async (i) => add(counts, await get(agent, `${origin}/dt?qr=CART${String(i).padStart(13, '0')}`, PAGE_TIMEOUT_MS)),
      MAX_PAGES,
    );
  } finally {
    agent.destroy();
  }
  return counts;
}

interface Case {
  name: string;
  shopper: Shopper;
  other: Counts;
  ready: Counts;
  /** The page server's CPU milliseconds in the phase, or undefined where /proc does not say. */
  cpu: Cpu | undefined;
}

interface Cpu {
  /** Every thread of the process (the big answers' worker too). */
  all: number;
  /** The main thread: the event loop. */
  main: number;
}

/** Milliseconds of CPU a thread or process used so far, from its /proc stat line (utime + stime, in ticks of 10 ms). */
function cpuMs(statPath: string): number {
  const stat = readFileSync(statPath, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The process's CPU so far, all threads and the main thread; undefined off Linux. */
function cpuOf(pid: number | undefined): Cpu | undefined {
  if (pid === undefined) return undefined;
  try {
    return { all: cpuMs(`/proc/${pid}/stat`), main: cpuMs(`/proc/${pid}/task/${pid}/stat`) };
  } catch {
    return undefined;
  }
}

const shown = (counts: Counts) =>
  [...counts]
    .sort()
    .map(([status, n]) => `${status}×${n}`)
    .join(' ') || '-';
const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);

if (process.argv.includes('--fake-upstream')) {
  serveFakeUpstream();
} else {
  await main();
}

async function main(): Promise<void> {
  const { root: buildRoot, staticDir, ssrEntry } = await buildPage();
  const dir = makeSiteDir();
  let fake: RunningProcess | undefined;
  let failed = true;
  try {
    fake = await startTs(import.meta.filename, { args: ['--fake-upstream'], ready: FAKE_READY });
    const upstreamUrl = fake.ready[1]!;
    const setSlow = (slow: boolean) =>
      fetch(`${upstreamUrl}/control`, { method: 'POST', body: JSON.stringify({ slow }) }).then((r) => r.arrayBuffer());
    const server = await startService({
      TRACE_DB: join(dir, 'data', 'counts.db'),
      STATIC_DIR: staticDir,
      SSR_ENTRY: ssrEntry,
      TRACE_API_KEYS: KEY,
      TRACE_UPSTREAM_URL: `${upstreamUrl}/qrinfo-svc/api`,
      TRACE_UPSTREAM_KEY: UPSTREAM_KEY,
      LOG_LEVEL: 'error',
      DRAIN_DELAY_MS: '0',
      ...(SERVER_CPU_PROF_DIR && { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${SERVER_CPU_PROF_DIR}` }),
    });
    try {
      const origin = server.url;
      // Warm-up from an address of its own: the first lookups and renders compile their code paths.
      await shopper(origin, '127.0.0.4', performance.now() + 2000, () => false);
      const warm = new Agent({ localAddress: '127.0.0.4' });
      for (let i = 0; i < 10; i++)
        await get(warm, `${origin}/dt?qr=SHOP${String(9_000_000 + i).padStart(13, '0')}`, 10_000);
      warm.destroy();

      const phase = async (
        name: string,
        address: string,
        load: (until: number) => Promise<Counts>,
        faulty: (code: string) => boolean = () => false,
      ): Promise<Case> => {
        const until = performance.now() + PHASE_SECONDS * 1000;
        const cpuBefore = cpuOf(server.child.pid);
        const [shopped, other, ready] = await Promise.all([
          shopper(origin, address, until, faulty),
          load(until),
          readiness(origin, until),
        ]);
        const cpuAfter = cpuOf(server.child.pid);
        const cpu = cpuBefore &&
          cpuAfter && { all: cpuAfter.all - cpuBefore.all, main: cpuAfter.main - cpuBefore.main };
        console.log(`  ${name}: done`);
        return { name, shopper: shopped, other, ready, cpu };
      };
      const none = async () => new Map<string, number>();
      const cases: Case[] = [];
      const alone = await phase('alone', '127.0.0.20', none);
      cases.push(alone);
      if (CASES.has('a'))
        cases.push(
          await phase('(a) one client: unknown codes at its whole rate', '127.0.0.21', (until) =>
            otherClient(
              origin,
              '127.0.0.31',
              until,
              (i) => `RND${String(i).padStart(6, '0')}${Date.now().toString(36).toUpperCase().slice(-8)}`,
            ),
          ),
        );
      if (CASES.has('b'))
        cases.push(
          await phase('(b) one code: 1 MiB of garbage', '127.0.0.22', (until) =>
            otherClient(origin, '127.0.0.32', until, () => 'GARB0000000000001'),
          ),
        );
      if (CASES.has('c')) {
        await setSlow(true);
        cases.push(await phase('(c) a tenth of calls after 5 s', '127.0.0.23', none, (code) => code.endsWith('0')));
        await setSlow(false);
      }
      if (CASES.has('d'))
        cases.push(
          await phase('(d) a 50,000-unit carton page', '127.0.0.24', (until) =>
            cartonPages(origin, '127.0.0.34', until),
          ),
        );

      console.log(
        `\nA shopper's lookups of known codes (one every ${PACE_MS} ms for ${PHASE_SECONDS} s, a new code each), p50/p99 of its 200s:`,
      );
      console.log(
        `${'case'.padEnd(48)} ${'p50'.padStart(10)} ${'p99'.padStart(10)} ${'p99/alone'.padStart(9)} ${'CPU ms: all/main'.padStart(17)}  shopper's statuses | other client's | /readyz`,
      );
      for (const { name, shopper: s, other, ready, cpu } of cases) {
        const cpuShown = cpu ? `${cpu.all}/${cpu.main}` : '-';
        console.log(
          `${name.padEnd(48)} ${ms(s.p50)} ${ms(s.p99)} ${(s.p99 / alone.shopper.p99).toFixed(2).padStart(9)} ${cpuShown.padStart(17)}  ${shown(s.statuses)} | ${shown(other)} | ${shown(ready)}`,
        );
      }
      const problems = cases.flatMap(({ name, shopper: s, ready }) => [
        ...(s.p99 / alone.shopper.p99 > MAX_P99_RATIO
          ? [`${name}: the shopper's p99 is ${(s.p99 / alone.shopper.p99).toFixed(2)}× alone (limit ${MAX_P99_RATIO}×)`]
          : []),
        ...[...s.undesigned].map(([status, n]) => `${name}: ${n} of the shopper's lookups answered ${status}`),
        ...[...ready].filter(([status]) => status !== '200').map(([status, n]) => `${name}: /readyz ${status} ×${n}`),
      ]);
      if (server.child.exitCode !== null) problems.push(`the page server exited (${server.child.exitCode})`);
      failed = problems.length > 0;
      console.log(failed ? `\nTargets missed:\n  ${problems.join('\n  ')}` : '\nEvery target met.');
    } finally {
      await server.stop(5000);
    }
  } finally {
    await fake?.stop(1000);
    rmSync(dir, { recursive: true, force: true });
    rmSync(buildRoot, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}
