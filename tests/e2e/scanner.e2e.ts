import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type CameraSetup } from '../support/browser/chromium';
import { builtPage } from '../support/browser/e2eSuite';
import { writeQrPhoto, writeQrVideo } from '../support/browser/fakeCameraVideo';
import { consoleProblems, liveCameraTracks, watchCameraStreams } from '../support/browser/pageProbes';
import { startTraceServer, type TraceServer } from '../support/server/traceServer';

const CODE = '1D24B3261X54A2320';
const PRODUCT = 'Sữa bột Đồng Xanh Gold 900g'; // server/seed/demo.json
/** Another product of the seed: a photo scanned after CODE shows a result the visitor can tell apart. */
const CARTON_CODE = 'TH26A1105C48B0001';
const CARTON_PRODUCT = 'Sữa tươi tiệt trùng ít đường 180ml';
const CAMERA_BUTTON = 'Quét mã bằng camera';
const PHOTO_BUTTON = 'Quét mã từ ảnh';

let server: TraceServer;
let workDir: string;
const browsers: Browser[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'scanner-e2e-'));
  server = await startTraceServer({ page: builtPage() });
});

afterAll(async () => {
  await Promise.all(browsers.map((browser) => browser.close()));
  await server?.stop();
  await rm(workDir, { recursive: true, force: true });
});

interface OpenOptions {
  path?: string;
  /** Runs on the new browser context before the page loads, e.g. to route its requests. */
  beforeLoad?: (context: BrowserContext) => Promise<unknown>;
}

/** A fresh Vietnamese page of the built app in a browser with this camera setup. */
async function openLookupPage(
  setup: CameraSetup,
  { path = '/', beforeLoad }: OpenOptions = {},
): Promise<{ page: Page; problems: string[]; requests: string[] }> {
  const browser = await launchChromium(setup);
  browsers.push(browser);
  const context = await browser.newContext({ locale: 'vi-VN' });
  await watchCameraStreams(context);
  await beforeLoad?.(context);
  const page = await context.newPage();
  const problems = consoleProblems(page);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto(`${server.url}${path}`);
  // The server's HTML comes before the page's script; the camera button works once the photo button is on.
  await page.getByRole('button', { name: PHOTO_BUTTON, disabled: false }).waitFor();
  return { page, problems, requests };
}

/** Which engine answered each decode of the page, from the marks the decode client leaves. */
function decodeMarks(page: Page): Promise<{ engine: string; found: number }[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByName('scanner:decoded')
      .map((mark) => (mark as PerformanceMark).detail as { engine: string; found: number }),
  );
}

const isWasm = (path: string) => path.endsWith('.wasm');
const isWorker = (path: string) => /decode\.worker/.test(path);
const isWeChat = (path: string) => /wechat/i.test(path);
/** A photo the zxing ladder misses and the WeChat engine reads (tests/fixtures/scan/NOTICE). */
const WECHAT_PHOTO = resolve(import.meta.dirname, '../fixtures/scan/wechat/lowcontrast-0033.jpg');
const WECHAT_PHOTO_CODE = 'PI031B24K77UIA091';

describe('camera scanner in Chromium with a fake camera', () => {
  it('reads the QR code on camera, closes, searches and shows the product; the camera is released', async () => {
    const video = join(workDir, 'qr.y4m');
    await writeQrVideo(video, `https://${new URL(server.url).host}/dt?qr=${CODE}`);
    const { page, problems } = await openLookupPage({ camera: 'file', videoFile: video });

    await page.getByRole('button', { name: CAMERA_BUTTON }).click();
    await page.getByRole('cell', { name: PRODUCT }).waitFor();

    // Read from the camera: a stream was opened and a decode of its frames found the code.
    expect(await page.evaluate(() => window.__cameraStreams?.length)).toBe(1);
    expect((await decodeMarks(page)).some((mark) => mark.found === 1)).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('textbox').first().inputValue()).toBe(CODE);
    expect(new URL(page.url()).searchParams.get('qr')).toBe(CODE);
    await expect.poll(() => liveCameraTracks(page)).toBe(0);
    expect(problems).toEqual([]);
  });

  it('shows the live video, and Close releases every camera track', async () => {
    const { page, problems } = await openLookupPage({ camera: 'pattern' });

    await page.getByRole('button', { name: CAMERA_BUTTON }).click();
    const video = page.getByLabel('Hình ảnh từ camera');
    await video.waitFor();
    // The camera's picture is on screen once the video has a frame, and so a size.
    await page.waitForFunction((element) => (element as HTMLVideoElement).videoWidth > 0, await video.elementHandle());
    expect(await liveCameraTracks(page)).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Đóng' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => liveCameraTracks(page)).toBe(0);
    expect(problems).toEqual([]);
  });

  it('denied camera permission shows its alert', async () => {
    const { page } = await openLookupPage({ camera: 'pattern', allowCamera: false });
    await page.getByRole('button', { name: CAMERA_BUTTON }).click();
    await page.getByRole('alert').filter({ hasText: 'Chưa được cấp quyền truy cập camera!' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('no camera at all shows its alert', async () => {
    const { page } = await openLookupPage({ camera: 'none' });
    await page.getByRole('button', { name: CAMERA_BUTTON }).click();
    await page.getByRole('alert').filter({ hasText: 'Không tìm thấy camera!' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});

describe('photo scanner in Chromium', () => {
  async function choosePhoto(page: Page, path: string) {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: PHOTO_BUTTON }).click();
    await (await chooser).setFiles(path);
  }

  it('a photo of the QR code is decoded and searched', async () => {
    const photo = join(workDir, 'carton.png');
    await writeQrPhoto(photo, `https://trace.example.vn/dt?qr=${CODE}`);
    const { page, problems } = await openLookupPage({ camera: 'none' });

    await choosePhoto(page, photo);
    await page.getByRole('cell', { name: PRODUCT }).waitFor();
    expect(await page.getByRole('textbox').first().inputValue()).toBe(CODE);
    expect(problems).toEqual([]);
  });

  it('a photo without a code shows its message', async () => {
    const photo = join(workDir, 'blank.jpg');
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#d8d2c4' } })
      .jpeg()
      .toFile(photo);
    const { page, problems } = await openLookupPage({ camera: 'none' });

    await choosePhoto(page, photo);
    await page.getByRole('alert').filter({ hasText: 'Không phát hiện mã vạch hoặc mã QR.' }).waitFor();
    expect(problems).toEqual([]);
  });
});

describe('the decode worker', () => {
  it('a deep link loads neither the worker nor the .wasm; the first scan loads both, from this origin', async () => {
    const photo = join(workDir, 'deep-link-then-photo.png');
    await writeQrPhoto(photo, `https://trace.example.vn/dt?qr=${CARTON_CODE}`);
    const { page, problems, requests } = await openLookupPage({ camera: 'none' }, { path: `/dt?qr=${CODE}` });
    await page.getByRole('cell', { name: PRODUCT }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(requests.filter((path) => isWasm(path) || isWorker(path))).toEqual([]);

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: PHOTO_BUTTON }).click();
    await (await chooser).setFiles(photo);
    await page.getByRole('cell', { name: CARTON_PRODUCT }).waitFor();
    expect(await decodeMarks(page)).toEqual([{ engine: 'wasm', found: 1 }]);
    expect(requests.filter(isWasm)).toHaveLength(1);
    expect(requests.filter(isWorker)).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it('a photo the ladder reads fetches no WeChat file; one only WeChat reads fetches its files from this origin and reads the code', async () => {
    const photo = join(workDir, 'ladder-reads.png');
    await writeQrPhoto(photo, `https://trace.example.vn/dt?qr=${CARTON_CODE}`);
    const { page, problems, requests } = await openLookupPage({ camera: 'none' });
    const origins = new Set<string>();
    page.on('request', (request) => origins.add(new URL(request.url()).origin));
    const caching = new Set<string>();
    page.on('response', (response) => {
      if (isWeChat(new URL(response.url()).pathname)) caching.add(response.headers()['cache-control'] ?? '');
    });

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: PHOTO_BUTTON }).click();
    await (await chooser).setFiles(photo);
    await page.getByRole('cell', { name: CARTON_PRODUCT }).waitFor();
    expect(requests.filter(isWeChat)).toEqual([]);

    const second = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: PHOTO_BUTTON }).click();
    await (await second).setFiles(WECHAT_PHOTO);
    await expect
      .poll(() => page.getByRole('textbox').first().inputValue(), { timeout: 30_000 })
      .toBe(WECHAT_PHOTO_CODE);
    expect(new URL(page.url()).searchParams.get('qr')).toBe(WECHAT_PHOTO_CODE);
    expect((await decodeMarks(page)).at(-1)).toEqual({ engine: 'wechat', found: 1 });
    // Its code, its WebAssembly and its four models, each a file of its own, from the page's origin only.
    const fetched = requests.filter(isWeChat);
    expect(fetched.filter((path) => path.endsWith('.js'))).toHaveLength(1);
    expect(fetched.filter(isWasm)).toHaveLength(1);
    expect(fetched.filter((path) => /\.(caffemodel|prototxt)$/.test(path))).toHaveLength(4);
    expect([...origins]).toEqual([new URL(server.url).origin]);
    // Content-hashed: a second visit takes them from the browser's cache.
    expect([...caching]).toEqual(['public, max-age=31536000, immutable']);
    expect(problems).toEqual([]);
  });

  /** With WebAssembly unable to run, the camera and then a photo are read by @zxing/library; gives the console's problems. */
  async function readsWithoutWebAssembly(name: string, beforeLoad: OpenOptions['beforeLoad']): Promise<string[]> {
    const video = join(workDir, `${name}.y4m`);
    // A fixed link, not this server's: @zxing/library's finder-pattern search misses about one in twenty
    // of the links that carry a random port (zxing-wasm reads them all), so a link with the port would
    // make this test depend on the port the server got.
    await writeQrVideo(video, `https://trace.example.vn/dt?qr=${CODE}`);
    const { page, problems } = await openLookupPage({ camera: 'file', videoFile: video }, { beforeLoad });

    await page.getByRole('button', { name: CAMERA_BUTTON }).click();
    await page.getByRole('cell', { name: PRODUCT }).waitFor();
    expect((await decodeMarks(page)).filter((mark) => mark.found > 0)).toEqual([{ engine: 'js', found: 1 }]);

    const photo = join(workDir, `${name}.png`);
    await writeQrPhoto(photo, `https://trace.example.vn/dt?qr=${CARTON_CODE}`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: PHOTO_BUTTON }).click();
    await (await chooser).setFiles(photo);
    await page.getByRole('cell', { name: CARTON_PRODUCT }).waitFor();
    expect((await decodeMarks(page)).filter((mark) => mark.found > 0)).toHaveLength(2);
    expect((await decodeMarks(page)).every((mark) => mark.engine === 'js')).toBe(true);
    return problems;
  }

  it('when the .wasm cannot load, @zxing/library reads the camera and the photo', async () => {
    const blockWasm = (context: BrowserContext) => context.route('**/*.wasm', (route) => route.abort('failed'));
    const problems = await readsWithoutWebAssembly('no-wasm', blockWasm);
    // The refused .wasm is reported by Chromium and by zxing-wasm's loader; nothing else may be.
    expect(problems.filter((problem) => !/wasm|ERR_FAILED|ArrayBuffer instantiation/i.test(problem))).toEqual([]);
  });

  // --js-flags=--noexpose_wasm does not reach this Chromium's pages, and a worker gets no init script
  // that could delete WebAssembly; a policy without 'wasm-unsafe-eval' is how a site really turns it off.
  it("when the page's policy forbids WebAssembly, @zxing/library reads the camera and the photo", async () => {
    const stricter: string[] = [];
    const withoutWasm = (context: BrowserContext) =>
      context.route('**/*', async (route) => {
        const response = await route.fetch();
        const headers = response.headers();
        const policy = headers['content-security-policy'];
        if (policy?.includes("'wasm-unsafe-eval'")) {
          headers['content-security-policy'] = policy.replace(" 'wasm-unsafe-eval'", '');
          stricter.push(new URL(route.request().url()).pathname);
        }
        await route.fulfill({ response, headers });
      });
    const problems = await readsWithoutWebAssembly('wasm-forbidden', withoutWasm);
    // The worker's own response carries the policy its WebAssembly is held to.
    expect(stricter.some(isWorker)).toBe(true);
    // The policy, and nothing else, kept WebAssembly out: zxing-wasm's loader reports the refusal.
    const byPolicy = /violates the following Content Security policy/i;
    expect(problems.some((problem) => byPolicy.test(problem))).toBe(true);
    expect(problems.filter((problem) => !byPolicy.test(problem) && !/ArrayBuffer instantiation/.test(problem))).toEqual(
      [],
    );
  });
});

describe('a scanned value that is not a trace link', () => {
  it('fills the input with the raw value, shows Invalid QR code and sends nothing', async () => {
    const video = join(workDir, 'not-a-link.y4m');
    await writeQrVideo(video, 'HELLO-NOT-A-TRACE-LINK');
    const { page, problems } = await openLookupPage({ camera: 'file', videoFile: video });
    const traceCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/qrinfo-svc/')) traceCalls.push(request.url());
    });

    await page.getByRole('button', { name: CAMERA_BUTTON }).click();
    await page.getByText('Mã QR không hợp lệ').waitFor();
    expect(await page.getByRole('textbox').first().inputValue()).toBe('HELLO-NOT-A-TRACE-LINK');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(traceCalls).toEqual([]);
    await expect.poll(() => liveCameraTracks(page)).toBe(0);
    expect(problems).toEqual([]);
  });
});
