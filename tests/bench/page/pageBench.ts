/**
 * `npm run bench:page [-- --runs N] [-- --beside <dir>]`: Lighthouse's mobile profile (simulated slow 4G,
 * 4x CPU) on the deep link `/dt?qr=<demo code>` served as `npm start` serves it (the page built and
 * precompressed, rendered by the service), beside a floor in the same run: the same server-rendered HTML
 * with every script removed, served as one plain gzip-compressed file; and the static build as a host
 * without server rendering serves it (its prerendered shell, the page rendering itself). Two more floors
 * show what the design card's libraries alone (scripts/stackFloor.ts) cost, requested after the first
 * paint as the page's loader does: on the static build's shell, putting the rendered result in once
 * evaluated; and on the first floor, evaluated and nothing else, or started as any page that runs the
 * stack at load starts it (a store, the texts, a React root; no page code). Prints the medians of each, with the
 * main thread's work, then the first tap on the camera and the language button (Chromium's CPU
 * throttled 4x, pageFirstTap.ts). `--beside <origin>`: another service serving the page
 * (`PORT=8091 npm start` in a checkout of an older commit: http://127.0.0.1:8091), whose deep link is
 * measured alike in the same run, so a change is seen beside what it replaces; given more than once, each is.
 */
import { createServer } from 'node:http';
import { rm } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { buildPage } from '../../support/server/buildPage';
import { startTraceServer } from '../../support/server/traceServer';
import { runTs } from '../../support/system/childProcess';
import { stackFloorCode, stackStartedCode } from '../../../scripts/stackFloor';
import { loaderCode, loaderTag } from '../../../scripts/vite/loadPath';
import { launchForLighthouse, lighthouseRun } from './lighthouseRun';
import { firstTaps, type TapFigures, type TapTarget } from './pageFirstTap';

const DEMO_CODE = '1D24B3261X54A2320';
const STACK_SCRIPT = '/stack-floor.js';
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
/** Each `--beside <origin>` given (it may be given more than once: e.g. the commit before a change and an older one). */
const BESIDE = process.argv.flatMap((arg, i) =>
  arg === '--beside' && process.argv[i + 1] ? [process.argv[i + 1]] : [],
);

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptKb: number;
  /** Lighthouse's mainthread-work-breakdown: all of it, and its script evaluation and style and layout. */
  mainThread: number;
  scripting: number;
  styleLayout: number;
}

async function precompress(staticDir: string): Promise<void> {
  // Generous: on a machine busy with other work (load average 15 on 2 cores) it took more than a minute.
  const { code, stderr } = await runTs('scripts/precompress.ts', {
    env: { STATIC_DIR: staticDir },
    timeoutMs: 600_000,
  });
  if (code !== 0) throw new Error(`precompress failed (${code}): ${stderr}`);
}

/**
 * A floor: one plain HTML file at every address, and `script` (if any) at STACK_SCRIPT, gzip-compressed
 * like any static host would.
 */
async function serveFloor(html: string, script?: string): Promise<{ url: string; close: () => Promise<void> }> {
  const page = gzipSync(html, { level: 9 });
  const code = script === undefined ? undefined : gzipSync(script, { level: 9 });
  const server = createServer((request, response) => {
    const isScript = code !== undefined && request.url === STACK_SCRIPT;
    response.writeHead(200, {
      'content-type': isScript ? 'text/javascript' : 'text/html; charset=utf-8',
      'content-encoding': 'gzip',
    });
    response.end(isScript ? code : page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/dt?qr=${DEMO_CODE}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function audit(url: string, port: number): Promise<Figures> {
  const { audits, categories } = (await lighthouseRun(url, port)).lhr;
  const work =
    (audits['mainthread-work-breakdown']?.details as { items?: { group: string; duration: number }[] } | undefined)
      ?.items ?? [];
  const group = (name: string) =>
    work.filter((item) => item.group === name).reduce((sum, item) => sum + item.duration, 0);
  const scripts =
    (audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)
      ?.items ?? [];
  return {
    score: Math.round((categories.performance.score ?? 0) * 100),
    fcp: audits['first-contentful-paint'].numericValue ?? NaN,
    lcp: audits['largest-contentful-paint'].numericValue ?? NaN,
    tbt: audits['total-blocking-time'].numericValue ?? NaN,
    cls: audits['cumulative-layout-shift'].numericValue ?? NaN,
    scriptKb:
      scripts
        .filter((item) => item.resourceType === 'Script')
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1000,
    mainThread: audits['mainthread-work-breakdown']?.numericValue ?? NaN,
    scripting: group('scriptEvaluation'),
    styleLayout: group('styleLayout'),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function row(name: string, runs: Figures[]): string {
  const m = (key: keyof Figures) => median(runs.map((run) => run[key]));
  return [
    name.padEnd(34),
    String(m('score')).padStart(6),
    `${Math.round(m('fcp'))} ms`.padStart(9),
    `${Math.round(m('lcp'))} ms`.padStart(9),
    `${Math.round(m('tbt'))} ms`.padStart(9),
    m('cls').toFixed(3).padStart(7),
    `${m('scriptKb').toFixed(1)} kB`.padStart(10),
    `${Math.round(m('mainThread'))} ms`.padStart(10),
    `${Math.round(m('scripting'))} ms`.padStart(10),
    `${Math.round(m('styleLayout'))} ms`.padStart(10),
    `  [${runs.map((run) => run.score).join(', ')}]`,
  ].join(' ');
}

const { root, ...page } = await buildPage();
await precompress(page.staticDir);
const service = await startTraceServer({ page });
// No render module: index.html as built (with its prerendered shell) for every page route, like a static host.
const staticHost = await startTraceServer({ page: { ...page, ssrEntry: `${root}/no-render-module.js` } });
const besides = BESIDE.map((origin) => ({ name: origin, url: origin.replace(/\/$/, '') }));
const deepLink = `${service.url}/dt?qr=${DEMO_CODE}`;
const rendered = await (await fetch(deepLink)).text();
const withoutScripts = (html: string) =>
  html
    .replace(/<script\b[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    // The copy of the page in the other language, which only the page's loader reads.
    .replace(/<template\b[\s\S]*?<\/template>/g, '');
const renderedFloor = withoutScripts(rendered);
const floor = await serveFloor(renderedFloor);
// The static build's floor: its shell, then the design card's libraries (scripts/stackFloor.ts), which once
// evaluated put the rendered result in at once, as if the page's own code took no time and no bytes at all.
const shell = await (await fetch(`${staticHost.url}/dt?qr=${DEMO_CODE}`)).text();
const resultRoot = /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(rendered)?.[1];
if (!resultRoot) throw new Error("the rendered deep link's root was not found");
// Requested by the page's own loader (src/boot/afterFirstPaint.ts, as the build writes it), once the shell has
// painted: in the document, the script's request delays the shell's own paint in Lighthouse's model.
const AFTER_PAINT = loaderTag([STACK_SCRIPT.slice(1)], [], await loaderCode('src/boot/afterFirstPaint.ts'));
const loadingStack = (html: string) => html.replace('</head>', `${AFTER_PAINT}</head>`);
const stack = await stackFloorCode();
const staticFloor = await serveFloor(
  loadingStack(withoutScripts(shell)),
  `${stack}\ndocument.getElementById('root').innerHTML = ${JSON.stringify(resultRoot)};`,
);
// The rendered deep link's floor with the same libraries evaluated after its paint, and nothing else; then
// started as the page must at load to show the visitor's recent lookups.
const stackFloor = await serveFloor(loadingStack(renderedFloor), stack);
const stackStarted = await serveFloor(loadingStack(renderedFloor), await stackStartedCode());
const chrome = await launchForLighthouse();
try {
  const targets: [string, string][] = [
    ['deep link, npm start (rendered)', deepLink],
    ['floor: same HTML, no script', floor.url],
    ['static build (shell, no render)', `${staticHost.url}/dt?qr=${DEMO_CODE}`],
    ['static floor: shell, stack, result', staticFloor.url],
    ['floor + the stack evaluated', stackFloor.url],
    ['floor + the stack started', stackStarted.url],
    ...besides.map(({ name, url }): [string, string] => [`beside: ${name}`, `${url}/dt?qr=${DEMO_CODE}`]),
  ];
  const results = targets.map((): Figures[] => []);
  // Interleaved, so that the machine's load changes weigh on all alike.
  for (let run = 0; run < RUNS; run++) {
    for (const [i, [, url]] of targets.entries()) results[i].push(await audit(url, chrome.port));
  }
  console.log(`Lighthouse mobile, median of ${RUNS} (scores of each run in brackets)`);
  console.log(
    [
      'target'.padEnd(34),
      'score'.padStart(6),
      'FCP'.padStart(9),
      'LCP'.padStart(9),
      'TBT'.padStart(9),
      'CLS'.padStart(7),
      'scripts'.padStart(10),
      'main thr.'.padStart(10),
      'scripting'.padStart(10),
      'style+lay.'.padStart(10),
    ].join(' '),
  );
  for (const [i, [name]] of targets.entries()) console.log(row(name, results[i]));
  const medianOf = (target: number, key: keyof Figures) => median(results[target].map((run) => run[key]));
  const floorOf = (key: keyof Figures) => medianOf(1, key);
  console.log(
    `targets (issue 27): rendered main-thread work <= ${Math.round(1.5 * floorOf('mainThread'))} ms (1.5x the floor), TBT <= ${Math.round(floorOf('tbt') + 100)} ms, ` +
      `LCP <= ${Math.round(floorOf('lcp') + 150)} ms, CLS 0, score >= 98; static build LCP <= ${Math.round(2 * floorOf('lcp'))} ms (2x the floor)`,
  );
  const staticFloorLcp = medianOf(3, 'lcp');
  console.log(
    `the static floor's LCP, ${Math.round(staticFloorLcp)} ms, is the earliest a result rendered by the design card's stack paints on a static host ` +
      `(${staticFloorLcp > 2 * floorOf('lcp') ? 'above' : 'within'} the static build's target); the rendered floor with the stack ` +
      `evaluated after its paint works ${Math.round(medianOf(4, 'mainThread'))} ms on the main thread`,
  );
  const startedWork = medianOf(5, 'mainThread');
  console.log(
    `with the stack started (a store, the texts and a React root, no page code: the least a page that shows the ` +
      `visitor's recent lookups at load does), ${Math.round(startedWork)} ms, ${(startedWork / floorOf('mainThread')).toFixed(2)}x the floor's main-thread work`,
  );

  console.log(
    `\nFirst tap, CPU throttled 4x, ${RUNS} fresh pages each: touch 100 ms after the result paints, to the frame showing ` +
      'the answer (the dialog, the other language), and for the camera to the frame where its picture plays',
  );
  /** The median of figures where a missing one (never answered) counts as the slowest: "lost" once half are. */
  const tapMedian = (values: (number | null)[]) => {
    const answered = values.filter((value): value is number => value !== null);
    const lost = values.length - answered.length;
    return lost * 2 > values.length
      ? 'lost'
      : `${Math.round(median([...answered, ...Array<number>(lost).fill(Infinity)]))} ms`;
  };
  const list = (values: (number | null)[]) =>
    `[${values.map((value) => (value === null ? 'lost' : Math.round(value))).join(', ')}]`;
  const tapRow = (name: string, target: TapTarget, figures: TapFigures[]) => {
    const shown = figures.map((figure) => figure.shownMs);
    const camera = figures.map((figure) => figure.cameraMs);
    // None where every tap loaded another document: the event's timing went with the one it left.
    const inps = figures.map((figure) => figure.inpMs).filter((value): value is number => value !== null);
    return [
      `  ${name.padEnd(34)} shown ${tapMedian(shown).padStart(7)} ${list(shown)}`,
      target === 'camera' ? `  camera playing ${tapMedian(camera).padStart(7)} ${list(camera)}` : '',
      `  event INP median ${inps.length === 0 ? 'n/a' : `${Math.round(median(inps))} ms`}`,
    ].join('');
  };
  const tapTargets: [string, string][] = [
    ['rendered', deepLink],
    ...besides.map(({ name, url }): [string, string] => [`beside ${name}`, `${url}/dt?qr=${DEMO_CODE}`]),
  ];
  for (const [name, url] of tapTargets) {
    for (const target of ['camera', 'language'] as TapTarget[])
      console.log(tapRow(`${name}: ${target} button`, target, await firstTaps(url, target, RUNS)));
  }
  console.log('target (issue 27): the scanner dialog and the other language shown within 200 ms of the tap');
} finally {
  chrome.kill();
  await floor.close();
  await staticFloor.close();
  await stackFloor.close();
  await stackStarted.close();
  await service.stop();
  await staticHost.stop();
  await rm(root, { recursive: true, force: true });
}
