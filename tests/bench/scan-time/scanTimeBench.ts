// Usage: npm run bench:scan-time [-- --runs N]
// Time to result in real Chromium with a fake camera showing a trace URL: from the click on the camera
// button to the product row visible, on a fresh page each run (worker and .wasm not yet loaded). Printed
// side by side with the same flow when the .wasm cannot load, so only @zxing/library decodes.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildPage } from '../../support/server/buildPage';
import { launchChromium } from '../../support/browser/chromium';
import { writeQrVideo } from '../../support/browser/fakeCameraVideo';
import { startTraceServer } from '../../support/server/traceServer';
import { percentile } from '../../support/bench/percentile';

const CODE = '1D24B3261X54A2320';
const PRODUCT = 'Sữa bột Đồng Xanh Gold 900g'; // server/seed/demo.json

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);

const workDir = await mkdtemp(join(tmpdir(), 'scan-time-'));
const { root: buildRoot, ...page } = await buildPage();
const server = await startTraceServer({ page });
const video = join(workDir, 'camera.y4m');
// A 1280x720 camera, as phones give the page, with the code filling a third of the frame's height.
await writeQrVideo(video, `https://${new URL(server.url).host}/dt?qr=${CODE}`, {
  width: 1280,
  height: 720,
  moduleSize: 6,
});
const browser = await launchChromium({ camera: 'file', videoFile: video });

async function timeToResult(blockWasm: boolean): Promise<number> {
  const context = await browser.newContext({ locale: 'vi-VN' });
  if (blockWasm) await context.route('**/*.wasm', (route) => route.abort('failed'));
  // Timed in the page, by the click event and a MutationObserver: Playwright's own waiting polls in steps
  // of up to 500 ms, coarser than what is measured.
  await context.addInitScript((product) => {
    const times: Record<string, number> = {};
    (window as unknown as { __scanTimes: Record<string, number> }).__scanTimes = times;
    document.addEventListener('click', () => (times.click ??= performance.now()), true);
    new MutationObserver(() => {
      if (
        times.result === undefined &&
        [...document.querySelectorAll('td, th')].some((cell) => cell.textContent === product)
      ) {
        times.result = performance.now();
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, PRODUCT);
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Quét mã bằng camera' }).click();
  await page.getByRole('cell', { name: PRODUCT }).waitFor({ timeout: 30_000 });
  const { click, result } = await page.evaluate(
    () => (window as unknown as { __scanTimes: Record<string, number> }).__scanTimes,
  );
  await context.close();
  return Math.round(result - click);
}

try {
  const rows: [string, number[]][] = [
    ['page (zxing-wasm in the worker)', []],
    ['reference: .wasm blocked, @zxing/library only', []],
  ];
  for (let run = 0; run < runs; run++) {
    rows[0][1].push(await timeToResult(false));
    rows[1][1].push(await timeToResult(true));
  }
  console.log(
    `Chromium ${browser.version()}, fake 1280x720 camera, ${runs} runs each, alternating; click on the camera button to the product row`,
  );
  for (const [name, times] of rows) {
    console.log(`${name.padEnd(48)} median ${percentile(times, 50)} ms   runs ${times.join(', ')} ms`);
  }
} finally {
  await browser.close();
  await server.stop();
  await rm(workDir, { recursive: true, force: true });
  await rm(buildRoot, { recursive: true, force: true });
}
