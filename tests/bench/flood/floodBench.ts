import { rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_KEY_HEADER, TRACE_URL_PATH } from '../../../src/contract/traceContract.ts';
import { buildPage } from '../../support/server/buildPage.ts';
import { makeSiteDir } from '../../support/server/harness.ts';
import autocannon from 'autocannon';
import { runTs, startService } from '../../support/system/childProcess.ts';

// npm run bench:flood — does a flood of the page path slow a normal client's lookups? The real service
// (the page built as `npm run build` does, into a temporary folder; default limits: RATE_LIMIT_MAX=600 a
// minute, RENDER_CONCURRENCY_MAX=8) on loopback. A normal client looks a code up through the API,
// LOOKUPS times, one every PACE_MS, over one keep-alive connection: first alone, then while two
// autocannon, in a process of its own (this file, run with --flood), floods the page path (`/?n=<n>` and
// `/dt?qr=<demo code>&x=<n>` in turn, FLOOD_CONNECTIONS connections, for FLOOD_SECONDS). The flood comes from 127.0.0.1, the normal client from its own
// address (127.0.0.2 alone, 127.0.0.3 under the flood: Linux routes all of 127.0.0.0/8 to loopback), so
// each is a client of its own to the limiter, as two shoppers are; no X-Forwarded-For is involved.
// Prints both latencies side by side and the flood's statuses. Exits 1 if p99 under the flood is more than
// twice p99 alone, if the flood got no 429, or if any normal lookup was not answered 200.
// Env: FLOOD_SECONDS (default 30), FLOOD_CONNECTIONS (default 50), LOOKUPS (default 400).
const FLOOD_SECONDS = Number(process.env.FLOOD_SECONDS ?? 30);
const FLOOD_CONNECTIONS = Number(process.env.FLOOD_CONNECTIONS ?? 50);
const LOOKUPS = Number(process.env.LOOKUPS ?? 400);
/** Spreads the lookups over the flood (about 30 s by default), a pace well inside one client's budget. */
const PACE_MS = (FLOOD_SECONDS * 1000) / LOOKUPS;
const KEY = 'flood-key';
const CODE = '1D24B3261X54A2320';
const MAX_P99_RATIO = 2;
/** A lookup past this counts as failed, and the phase stops at its deadline whatever happened. */
const LOOKUP_TIMEOUT_MS = 10_000;

interface Latencies {
  p50: number;
  p99: number;
  max: number;
  answered: number;
  /** Statuses other than 200, and failures, by name. */
  others: Map<string, number>;
}

function lookupOnce(agent: Agent, url: URL): Promise<{ status: string; ms: number }> {
  const body = JSON.stringify({ QrCode: CODE });
  const begun = performance.now();
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
        response.on('end', () => resolve({ status: String(response.statusCode), ms: performance.now() - begun }));
      },
    );
    sent.on('timeout', () => sent.destroy(new Error('timeout')));
    sent.on('error', (error) => resolve({ status: error.message, ms: performance.now() - begun }));
    sent.end(body);
  });
}

/** One GET from `address`, its body read. */
function get(url: string, address: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { localAddress: address, timeout: LOOKUP_TIMEOUT_MS }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    })
      .on('timeout', function (this: ReturnType<typeof request>) {
        this.destroy(new Error('timeout'));
      })
      .on('error', reject)
      .end();
  });
}

/** `count` lookups, one every PACE_MS, from `address`; bounded in count and in time. */
async function normalClient(serviceUrl: string, address: string, count = LOOKUPS): Promise<Latencies> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: address });
  const url = new URL(`${serviceUrl}${TRACE_URL_PATH}`);
  const times: number[] = [];
  const others = new Map<string, number>();
  const deadline = performance.now() + FLOOD_SECONDS * 1000 * 2 + LOOKUP_TIMEOUT_MS;
  const begun = performance.now();
  try {
    for (let i = 0; i < count && performance.now() < deadline; i++) {
      const { status, ms } = await lookupOnce(agent, url);
      if (status === '200') times.push(ms);
      else others.set(status, (others.get(status) ?? 0) + 1);
      // Paced from the start, so a slow answer does not push the later ones out of the flood.
      const wait = begun + (i + 1) * PACE_MS - performance.now();
      if (wait > 0) await sleep(wait);
    }
  } finally {
    agent.destroy();
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99), max: times.at(-1) ?? Number.NaN, answered: times.length, others };
}

/** The flood, in this process: run by the bench as a child, so its load does not slow the normal client. */
async function floodHere(serviceUrl: string): Promise<void> {
  let n = 0;
  const result = await autocannon({
    url: serviceUrl,
    connections: FLOOD_CONNECTIONS,
    duration: FLOOD_SECONDS,
    requests: [
      {
        method: 'GET',
        setupRequest: (request: object) => ({ ...request, path: ++n % 2 ? `/?n=${n}` : `/dt?qr=${CODE}&x=${n}` }),
      },
    ],
  });
  // statusCodeStats and timeouts are in autocannon 9's result, not in the bench's own declaration of it.
  const { statusCodeStats, errors, timeouts } = result as unknown as {
    statusCodeStats: Record<string, { count: number }>;
    errors: number;
    timeouts: number;
  };
  const counts: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(statusCodeStats)) counts[status] = count;
  if (errors > 0) counts['errors'] = errors;
  if (timeouts > 0) counts['timeouts'] = timeouts;
  console.log(JSON.stringify(counts));
}

/** The flood from 127.0.0.1 in a child process; its statuses by code. */
async function flood(serviceUrl: string): Promise<Record<string, number>> {
  const { code, stdout, stderr } = await runTs(import.meta.filename, {
    args: ['--flood', serviceUrl],
    timeoutMs: FLOOD_SECONDS * 1000 + 60_000,
  });
  if (code !== 0) throw new Error(`the flood failed (${code}): ${stderr}`);
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, number>;
}

const ms = (value: number) => `${value.toFixed(2)} ms`.padStart(11);

const floodArg = process.argv.indexOf('--flood');
if (floodArg > 0) {
  await floodHere(process.argv[floodArg + 1] ?? '');
  process.exit(0);
}

const { root: buildRoot, staticDir, ssrEntry } = await buildPage();
const dir = makeSiteDir();
let failed = true;
try {
  const server = await startService({
    TRACE_DB: join(dir, 'data', 'trace.db'),
    STATIC_DIR: staticDir,
    SSR_ENTRY: ssrEntry,
    TRACE_API_KEYS: KEY,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    DRAIN_DELAY_MS: '0',
  });
  try {
    // Warm-up from an address of its own: the first renders and lookups compile their code paths (a
    // first render takes a hundred times longer), which a service that has served pages before has done.
    await normalClient(server.url, '127.0.0.4', 40);
    for (let i = 0; i < 20; i++) {
      for (const path of [`/?n=${i}`, `/dt?qr=${CODE}&x=${i}`]) await get(`${server.url}${path}`, '127.0.0.4');
    }
    const alone = await normalClient(server.url, '127.0.0.2');
    const [flooded, statuses] = await Promise.all([normalClient(server.url, '127.0.0.3'), flood(server.url)]);

    const ratio = flooded.p99 / alone.p99;
    console.log(
      `\nA normal client's lookups (${LOOKUPS}, one every ${PACE_MS.toFixed(0)} ms), alone and under a ${FLOOD_CONNECTIONS}-connection page flood of ${FLOOD_SECONDS} s`,
    );
    console.log(`${''.padEnd(10)} ${'alone'.padStart(11)} ${'flood'.padStart(11)}  ratio`);
    console.log(`${'p50'.padEnd(10)} ${ms(alone.p50)} ${ms(flooded.p50)}  ${(flooded.p50 / alone.p50).toFixed(2)}`);
    console.log(`${'p99'.padEnd(10)} ${ms(alone.p99)} ${ms(flooded.p99)}  ${ratio.toFixed(2)}`);
    console.log(`${'max'.padEnd(10)} ${ms(alone.max)} ${ms(flooded.max)}  ${(flooded.max / alone.max).toFixed(2)}`);
    console.log(`${'200s'.padEnd(10)} ${String(alone.answered).padStart(11)} ${String(flooded.answered).padStart(11)}`);
    const total = Object.values(statuses).reduce((sum, n) => sum + n, 0);
    console.log(`\nThe flood's answers (${total.toLocaleString('en')}, ${(total / FLOOD_SECONDS).toFixed(0)}/s):`);
    for (const [status, n] of Object.entries(statuses).sort())
      console.log(`  ${status.padEnd(8)} ${String(n).padStart(9)}`);

    const problems = [
      ...(ratio > MAX_P99_RATIO
        ? [`p99 under the flood is ${ratio.toFixed(2)}× p99 alone (limit ${MAX_P99_RATIO}×)`]
        : []),
      ...((statuses['429'] ?? 0) === 0 ? ['the flood got no 429'] : []),
      ...[alone, flooded].flatMap(({ others }) =>
        [...others].map(([status, n]) => `${n} normal lookups answered ${status}`),
      ),
      ...(server.child.exitCode === null ? [] : [`the service exited (${server.child.exitCode})`]),
    ];
    failed = problems.length > 0;
    console.log(
      failed
        ? `\nFAILED:\n- ${problems.join('\n- ')}`
        : `\nThe flood was limited and the normal client kept its latency (p99 within ${MAX_P99_RATIO}×).`,
    );
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  await rm(buildRoot, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
