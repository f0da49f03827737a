import { once } from 'node:events';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { rm } from 'node:fs/promises';
import { API_KEY_HEADER, TRACE_URL_PATH } from '../../../src/contract/traceContract.ts';
import { buildPage } from '../../support/server/buildPage.ts';
import { makeSiteDir } from '../../support/server/harness.ts';
import { parseResponse } from '../../support/server/rawHttp.ts';
import { DEMO_DATA } from '../../../server/main.ts';
import { runTs, startService } from '../../support/system/childProcess.ts';
import { fuzzRequests, type WireRequest } from './fuzzRequests.ts';

// npm run bench:fuzz — the real service, rendering the page as built by `npm run build` (built here into
// a temporary folder), on a free loopback port and a temporary database gets REQUESTS random and
// hostile requests (valid and broken lookups, the page path with random and hostile codes, junk
// parameters, long URLs and odd methods, the pictures' route with random, valid-looking and real names
// and query strings, odd paths and methods, malformed HTTP, bodies where none belong, a few requests
// that never finish), each on a connection of its own. It prints how many got each status, and exits 1
// on any 5xx, an error answer outside the contract, a crash or an 'unexpected error' in the log, a leak
// of file descriptors or memory, or the time limit. Two refusals are expected under this load and
// counted apart, never as failures: 429 (a client's budget spent) and the page path's 503 with
// Retry-After when RENDER_CONCURRENCY_MAX renders are already in progress; a 503 anywhere else, or
// without Retry-After, fails.
// Env: FUZZ_REQUESTS (default 10000), FUZZ_SEED (default 20261123), FUZZ_CONCURRENCY (default 32).
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 32);
const WARM_UP = 1000;
const TIME_LIMIT_MS = 300_000;
const REQUEST_TIMEOUT_MS = 2000;
/** Past this a connection counts as hung; the server's own request timeout is REQUEST_TIMEOUT_MS. */
const SOCKET_DEADLINE_MS = REQUEST_TIMEOUT_MS * 5;
const FD_SLACK = 4;
/**
 * Resident memory the second half of the requests may add: the caches (pages 32 MiB, pictures 32 MiB,
 * forms, addresses) fill during the first half; a leak of 6.4 KB a request or more shows here.
 */
const RSS_LAST_HALF_LIMIT_MB = 32;
const KEY = 'fuzz-key';

const { root: buildRoot, staticDir, ssrEntry } = await buildPage();
const started = performance.now();
const dir = makeSiteDir();
// Imported, not SEED_DEMO=1: the service refuses the demo seed with PUBLIC_ORIGIN set, as here.
const imported = await runTs('server/cli/import.ts', {
  args: [DEMO_DATA],
  env: { TRACE_DB: join(dir, 'data', 'trace.db') },
});
if (imported.code !== 0) {
  rmSync(dir, { recursive: true, force: true });
  throw new Error(`importing the demo data failed:\n${imported.stderr}`);
}
const server = await startService({
  TRACE_DB: join(dir, 'data', 'trace.db'),
  STATIC_DIR: staticDir,
  SSR_ENTRY: ssrEntry,
  TRACE_API_KEYS: KEY,
  // Low enough that some clients hit the limit, over few enough slots that the store evicts.
  RATE_LIMIT_MAX: '40',
  RATE_LIMIT_ADDRESSES: '300',
  TRUST_PROXY: '127.0.0.1',
  PUBLIC_ORIGIN: 'https://trace.example.com',
  REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
  // A few requests leave their connection open (pipelining, Connection: upgrade): closed soon, not in 72 s.
  KEEP_ALIVE_TIMEOUT_MS: '1000',
  DRAIN_DELAY_MS: '0',
  LOG_LEVEL: 'warn',
}).catch(async (error: unknown) => {
  rmSync(dir, { recursive: true, force: true });
  await rm(buildRoot, { recursive: true, force: true });
  throw error;
});

const { pid, url } = server;
const openFds = () => readdirSync(`/proc/${pid}/fd`).length;
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

interface Outcome {
  status: string;
  violation?: string;
}

/** Sends one request on its own connection and reads until the server closes it. */
async function send(port: number, request: WireRequest): Promise<Outcome> {
  const socket = connect({ port, host: '127.0.0.1', localAddress: request.localAddress });
  let received = Buffer.alloc(0);
  let reset = false;
  let hung = false;
  socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
  socket.on('error', () => (reset = true));
  const timer = setTimeout(() => {
    hung = true;
    socket.destroy();
  }, SOCKET_DEADLINE_MS);
  socket.write(request.bytes);
  await once(socket, 'close');
  clearTimeout(timer);
  if (hung) return { status: 'hung', violation: `no close within ${SOCKET_DEADLINE_MS} ms for ${request.kind}` };
  if (received.length === 0) return { status: reset ? 'reset, no answer' : 'closed, no answer' };
  const response = parseResponse(received.toString('latin1'));
  const status = String(response.status);
  const busyPage =
    response.headers['content-type'] === 'text/html; charset=utf-8' && response.headers['retry-after'] !== undefined;
  if (response.status === 503 && busyPage) return { status: '503 renders at their cap' };
  if (response.status === 429 && busyPage) return { status: '429 page' };
  if (response.status >= 500)
    return { status, violation: `${status} for ${request.kind}: ${response.body.slice(0, 200)}` };
  const json = response.headers['content-type']?.startsWith('application/json');
  if (response.status >= 400 && json && response.headers['content-length'] !== undefined && response.body !== '') {
    try {
      const keys = Object.keys(JSON.parse(response.body) as object);
      if (keys.join() !== 'error,Message,status,EndPoint') throw new Error('other keys');
    } catch {
      return {
        status,
        violation: `${status} outside the error contract for ${request.kind}: ${response.body.slice(0, 200)}`,
      };
    }
  }
  if (response.status >= 400 && !json && response.status !== 404) {
    return {
      status,
      violation: `${status} without the contract's body for ${request.kind}: ${response.text.slice(0, 200)}`,
    };
  }
  return { status };
}

async function run(
  port: number,
  count: number,
  next: () => WireRequest,
  counts: Map<string, number>,
  violations: string[],
) {
  let sent = 0;
  const worker = async () => {
    while (sent < count && performance.now() - started < TIME_LIMIT_MS) {
      sent++;
      const { status, violation } = await send(port, next());
      counts.set(status, (counts.get(status) ?? 0) + 1);
      if (violation) violations.push(violation);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return sent;
}

/** Polls until the server's descriptors come back near `target` (lingering closes take a moment). */
async function settledFds(target: number): Promise<number> {
  const deadline = performance.now() + SOCKET_DEADLINE_MS;
  let fds = openFds();
  while (fds > target + FD_SLACK && performance.now() < deadline) {
    await sleep(100);
    fds = openFds();
  }
  return fds;
}

let failed = false;
try {
  const port = Number(new URL(url).port);
  const demo = await fetch(`${url}${TRACE_URL_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [API_KEY_HEADER]: KEY },
    body: JSON.stringify({ QrCode: '1D24B3261X54A2320' }),
  });
  const imageUrl = ((await demo.json()) as { Data: { Products: { ImageUrl?: string }[] } }).Data.Products[0]?.ImageUrl;
  const next = fuzzRequests(SEED, imageUrl ? [imageUrl.split('/').pop() ?? ''] : []);

  await run(port, WARM_UP, next, new Map(), []);
  const fdsBefore = await settledFds(0);
  const rssBefore = rssMb();

  const counts = new Map<string, number>();
  const violations: string[] = [];
  const fuzzStarted = performance.now();
  // In quarters, resident memory after each: bounded caches fill early, a leak goes on growing.
  const rssAfterQuarter: number[] = [];
  let sent = 0;
  for (let quarter = 1; quarter <= 4; quarter++) {
    sent += await run(port, Math.round((REQUESTS * quarter) / 4) - sent, next, counts, violations);
    rssAfterQuarter.push(rssMb());
  }
  const seconds = (performance.now() - fuzzStarted) / 1000;
  const alive = server.child.exitCode === null && server.child.signalCode === null;
  const fdsAfter = alive ? await settledFds(fdsBefore) : Number.NaN;
  const rssAfter = alive ? rssMb() : Number.NaN;
  const health = alive ? (await fetch(`${url}/readyz`)).status : 0;

  console.log(
    `\n${sent.toLocaleString('en')} requests (seed ${SEED}, ${CONCURRENCY} at a time) in ${seconds.toFixed(1)} s, after ${WARM_UP} to warm up`,
  );
  console.log('status                 requests');
  for (const [status, n] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`${status.padEnd(22)} ${String(n).padStart(8)}`);
  }
  console.log(`open descriptors: ${fdsBefore} before, ${fdsAfter} after (limit +${FD_SLACK})`);
  const lastHalfGrowth = (rssAfterQuarter[3] ?? Number.NaN) - (rssAfterQuarter[1] ?? Number.NaN);
  console.log(
    `resident memory: ${rssBefore.toFixed(0)} MB before, ${rssAfterQuarter.map((mb) => mb.toFixed(0)).join(', ')} MB after each quarter, ` +
      `${rssAfter.toFixed(0)} MB after (limit +${RSS_LAST_HALF_LIMIT_MB} MB over the last half)`,
  );
  console.log(`readiness afterwards: ${health}`);

  const problems = [
    ...(sent < REQUESTS ? [`only ${sent} of ${REQUESTS} requests sent within ${TIME_LIMIT_MS / 1000} s`] : []),
    ...(alive ? [] : [`the service exited (${server.child.exitCode ?? server.child.signalCode})`]),
    ...violations.slice(0, 10),
    ...(violations.length > 10 ? [`… and ${violations.length - 10} more`] : []),
    ...(fdsAfter > fdsBefore + FD_SLACK ? [`file descriptors leaked: ${fdsBefore} → ${fdsAfter}`] : []),
    ...(lastHalfGrowth > RSS_LAST_HALF_LIMIT_MB
      ? [`memory grew by ${lastHalfGrowth.toFixed(0)} MB over the last half`]
      : []),
    ...(health === 200 ? [] : [`readiness answered ${health}`]),
    ...server.lines.filter((line) => line.includes('unexpected error')).slice(0, 5),
    ...(server.stderr() ? [`standard error: ${server.stderr().slice(0, 1000)}`] : []),
  ];
  failed = problems.length > 0;
  console.log(
    failed
      ? `\nFAILED:\n- ${problems.join('\n- ')}`
      : '\nNo unexpected 5xx, no answer outside the contract, no crash, no leak.',
  );
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
  await rm(buildRoot, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
