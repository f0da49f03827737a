/**
 * `npm run bench:page [-- --runs N]`: Lighthouse's mobile profile (simulated slow 4G, 4x CPU) on the deep
 * link `/dt?qr=<demo code>` served as `npm start` serves it (the page built and precompressed, rendered by
 * the service), beside a floor in the same run: the same server-rendered HTML with every script removed,
 * served as one plain gzip-compressed file; and the static build as a host without server rendering
 * serves it (its prerendered shell, the page rendering itself). Prints the medians of each.
 */
import { createServer } from 'node:http';
import { rm } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildPage } from '../e2e/support/buildPage';
import { CHROMIUM_PATH } from '../e2e/support/chromium';
import { startTraceServer } from '../e2e/support/traceServer';
import { runTs } from '../support/childProcess';

const DEMO_CODE = '1D24B3261X54A2320';
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptKb: number;
}

async function precompress(staticDir: string): Promise<void> {
  const { code, stderr } = await runTs('scripts/precompress.ts', { env: { STATIC_DIR: staticDir } });
  if (code !== 0) throw new Error(`precompress failed (${code}): ${stderr}`);
}

/** The floor: one plain HTML file, gzip-compressed like any static host would. */
async function serveFloor(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const body = gzipSync(html, { level: 9 });
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/dt?qr=${DEMO_CODE}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function audit(url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { audits, categories } = result.lhr;
  const scripts = (audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  return {
    score: Math.round((categories.performance.score ?? 0) * 100),
    fcp: audits['first-contentful-paint'].numericValue ?? NaN,
    lcp: audits['largest-contentful-paint'].numericValue ?? NaN,
    tbt: audits['total-blocking-time'].numericValue ?? NaN,
    cls: audits['cumulative-layout-shift'].numericValue ?? NaN,
    scriptKb: scripts.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1000,
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
    `  [${runs.map((run) => run.score).join(', ')}]`,
  ].join(' ');
}

const { root, ...page } = await buildPage();
await precompress(page.staticDir);
const service = await startTraceServer({ page });
// No render module: index.html as built (with its prerendered shell) for every page route, like a static host.
const staticHost = await startTraceServer({ page: { ...page, ssrEntry: `${root}/no-render-module.js` } });
const deepLink = `${service.url}/dt?qr=${DEMO_CODE}`;
const rendered = await (await fetch(deepLink)).text();
const floor = await serveFloor(rendered.replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, ''));
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
try {
  const results: Record<string, Figures[]> = { app: [], floor: [], static: [] };
  // Interleaved, so that the machine's load changes weigh on all alike.
  for (let run = 0; run < RUNS; run++) {
    results.app.push(await audit(deepLink, chrome.port));
    results.floor.push(await audit(floor.url, chrome.port));
    results.static.push(await audit(`${staticHost.url}/dt?qr=${DEMO_CODE}`, chrome.port));
  }
  console.log(`Lighthouse mobile, median of ${RUNS} (scores of each run in brackets)`);
  console.log(['target'.padEnd(34), 'score'.padStart(6), 'FCP'.padStart(9), 'LCP'.padStart(9), 'TBT'.padStart(9), 'CLS'.padStart(7), 'scripts'.padStart(10)].join(' '));
  console.log(row('deep link, npm start (rendered)', results.app));
  console.log(row('floor: same HTML, no script', results.floor));
  console.log(row('static build (shell, no render)', results.static));
  console.log('targets: rendered LCP <= 1000 ms, FCP <= 900 ms, TBT <= 100 ms, CLS 0, score >= 98; static build FCP <= 1000 ms');
} finally {
  chrome.kill();
  await floor.close();
  await service.stop();
  await staticHost.stop();
  await rm(root, { recursive: true, force: true });
}
