/**
 * `tsx tests/bench/page/pageBreakdown.ts [--runs N] <origin>...`: where the main thread's work on the rendered
 * deep link `/dt?qr=<demo code>` goes, for each running service given (e.g. http://127.0.0.1:8093), side by side
 * in one run. Lighthouse's mobile profile as bench:page runs it (simulated slow 4G, 4x CPU): the median of N
 * runs of its mainthread-work-breakdown (per category) and bootup-time (per script: evaluation, parse and
 * compile); then one Chromium CPU profile per service (4x CPU throttle, from navigation to 3 s after load,
 * which is where Lighthouse's window ends on this page) with the functions of most self time, per script.
 * Attribution, not a pass/fail figure: bench:page stays the bench.
 */
import { launchChromium } from '../../support/browser/chromium';
import { launchForLighthouse, lighthouseRun } from './lighthouseRun';
import { PHONE_VI } from '../../support/browser/profiles';

const DEMO_CODE = '1D24B3261X54A2320';
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const ORIGINS = args.filter((arg, i) => !arg.startsWith('--') && (runsAt < 0 || i !== runsAt + 1));
if (ORIGINS.length === 0) throw new Error('usage: pageBreakdown.ts [--runs N] <origin>...');
const TOP = 20;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
/** A script's address without its origin and its chunk's hash, so that the same chunk lines up across services. */
const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').replace(/-[\w-]{8}\.js$/, '.js') || url;
const ms = (value: number) => `${Math.round(value)}`.padStart(7);

interface Breakdown {
  total: number;
  tbt: number;
  groups: Map<string, number>;
  /** Per script: total, evaluation, parse+compile. */
  scripts: Map<string, [number, number, number]>;
  /** Self time per trace event name on the page's main thread (unthrottled, as recorded). */
  events: Map<string, number>;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string }; beginData?: { url?: string } };
}

/** Self time (ms) of each event name on the renderer's main thread, events nested by their time spans. */
function selfTimes(events: TraceEvent[]): Map<string, number> {
  // The thread that parsed the deep link's document (other renderers run Chromium's own pages).
  const main = events.find((event) => event.name === 'ParseHTML' && /\/dt\?/.test(event.args?.beginData?.url ?? ''));
  const spans = events
    .filter((event) => event.ph === 'X' && event.dur && main && event.pid === main.pid && event.tid === main.tid)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: { name: string; end: number; self: number }[] = [];
  const close = (until: number) => {
    while (stack.length > 0 && stack[stack.length - 1].end <= until) {
      const done = stack.pop()!;
      self.set(done.name, (self.get(done.name) ?? 0) + done.self / 1000);
    }
  };
  for (const span of spans) {
    close(span.ts);
    const parent = stack[stack.length - 1];
    if (parent) parent.self -= span.dur!;
    const url = span.args?.data?.url;
    const name = url ? `${span.name} ${shortUrl(url)}` : span.name;
    stack.push({ name, end: span.ts + span.dur!, self: span.dur! });
  }
  close(Infinity);
  return self;
}

type Items<T> = { items?: T[] } | undefined;

async function lighthouseBreakdown(url: string, port: number): Promise<Breakdown> {
  const result = await lighthouseRun(url, port);
  const { audits } = result.lhr;
  const groups = new Map<string, number>();
  for (const item of (audits['mainthread-work-breakdown']?.details as Items<{ group: string; duration: number }>)
    ?.items ?? [])
    groups.set(item.group, (groups.get(item.group) ?? 0) + item.duration);
  const scripts = new Map<string, [number, number, number]>();
  type Bootup = { url: string; total: number; scripting: number; scriptParseCompile: number };
  for (const item of (audits['bootup-time']?.details as Items<Bootup>)?.items ?? [])
    scripts.set(shortUrl(item.url), [item.total, item.scripting, item.scriptParseCompile]);
  const trace = (result.artifacts as unknown as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
  return {
    total: audits['mainthread-work-breakdown']?.numericValue ?? NaN,
    tbt: audits['total-blocking-time'].numericValue ?? NaN,
    groups,
    scripts,
    events: selfTimes(trace?.traceEvents ?? []),
  };
}

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** Self time per function and per script over one throttled load, from Chromium's sampling profiler. */
async function cpuProfile(url: string): Promise<{ functions: [string, number][]; scripts: [string, number][] }> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext(PHONE_VI.context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(3_000);
    const { profile } = (await cdp.send('Profiler.stop')) as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    };
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parentOf = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id])));
    // A native function (appendChild: a style sheet parsed as it is put in) is named with the script that called it.
    const callerOf = (id: number): string => {
      for (let at = parentOf.get(id); at !== undefined; at = parentOf.get(at)) {
        const frame = byId.get(at)?.callFrame;
        if (frame?.url)
          return ` <- ${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
      }
      return '';
    };
    const functions = new Map<string, number>();
    const scripts = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const frame = byId.get(id)?.callFrame;
      const delta = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') return;
      const script = frame.url ? shortUrl(frame.url) : frame.functionName;
      const name = frame.url
        ? `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`
        : `${frame.functionName}${callerOf(id)}`;
      functions.set(name, (functions.get(name) ?? 0) + delta);
      scripts.set(script, (scripts.get(script) ?? 0) + delta);
    });
    const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
    return { functions: sorted(functions), scripts: sorted(scripts) };
  } finally {
    await browser.close();
  }
}

const urls = ORIGINS.map((origin) => `${origin.replace(/\/$/, '')}/dt?qr=${DEMO_CODE}`);
const chrome = await launchForLighthouse();
const runs = urls.map((): Breakdown[] => []);
try {
  // Interleaved, so that the machine's load weighs on all alike.
  for (let run = 0; run < RUNS; run++)
    for (const [i, url] of urls.entries()) runs[i].push(await lighthouseBreakdown(url, chrome.port));
} finally {
  chrome.kill();
}

console.log(`Lighthouse mobile, median of ${RUNS}, ms; columns: ${ORIGINS.join(' | ')}`);
const line = (name: string, values: number[]) =>
  console.log(`${name.slice(0, 70).padEnd(70)}${values.map(ms).join('')}`);
line(
  'main-thread work',
  runs.map((list) => median(list.map((run) => run.total))),
);
line(
  'TBT',
  runs.map((list) => median(list.map((run) => run.tbt))),
);
const groups = new Set(runs.flatMap((list) => list.flatMap((run) => [...run.groups.keys()])));
for (const group of groups)
  line(
    `  ${group}`,
    runs.map((list) => median(list.map((run) => run.groups.get(group) ?? 0))),
  );
console.log('bootup-time per script (total / evaluation / parse+compile)');
const scripts = new Set(runs.flatMap((list) => list.flatMap((run) => [...run.scripts.keys()])));
for (const script of scripts)
  for (const [k, part] of ['total', 'eval', 'parse'].entries())
    line(
      `  ${part.padEnd(6)}${script}`,
      runs.map((list) => median(list.map((run) => run.scripts.get(script)?.[k] ?? 0))),
    );

console.log(
  "main thread's self time per trace event (as recorded, not scaled to 4x; the top ones by the first column)",
);
const events = [...new Set(runs.flatMap((list) => list.flatMap((run) => [...run.events.keys()])))];
const eventMedian = (i: number, name: string) => median(runs[i].map((run) => run.events.get(name) ?? 0));
events.sort(
  (a, b) => Math.max(...runs.map((_, i) => eventMedian(i, b))) - Math.max(...runs.map((_, i) => eventMedian(i, a))),
);
for (const name of events.slice(0, 30))
  line(
    `  ${name}`,
    runs.map((_, i) => eventMedian(i, name)),
  );

for (const [i, url] of urls.entries()) {
  const profile = await cpuProfile(url);
  console.log(`\nCPU profile (4x throttle, load + 3 s) of ${ORIGINS[i]}: self ms per script, then the top functions`);
  for (const [script, time] of profile.scripts.slice(0, TOP)) console.log(`  ${ms(time)}  ${script}`);
  for (const [name, time] of profile.functions.slice(0, TOP)) console.log(`  ${ms(time)}  ${name.slice(0, 110)}`);
}
