import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPage } from './support/buildPage';
import { launchChromium, type CameraSetup } from './support/chromium';
import { writeQrPhoto, writeQrVideo } from './support/fakeCameraVideo';
import { consoleProblems, liveCameraTracks, watchCameraStreams } from './support/pageProbes';
import { startTraceServer, type TraceServer } from './support/traceServer';

const CODE = '1D24B3261X54A2320';
const PRODUCT = 'Sữa bột Đồng Xanh Gold 900g'; // server/seed/demo.json
const CAMERA_BUTTON = 'Quét mã bằng camera';
const PHOTO_BUTTON = 'Quét mã từ ảnh';

let server: TraceServer;
let workDir: string;
let pageDir: string;
const browsers: Browser[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'scanner-e2e-'));
  pageDir = await buildPage();
  server = await startTraceServer({ staticDir: pageDir });
});

afterAll(async () => {
  await Promise.all(browsers.map((browser) => browser.close()));
  await server?.stop();
  await rm(workDir, { recursive: true, force: true });
  await rm(pageDir, { recursive: true, force: true });
});

/** A fresh Vietnamese page of the built app in a browser with this camera setup. */
async function openLookupPage(setup: CameraSetup): Promise<{ page: Page; problems: string[] }> {
  const browser = await launchChromium(setup);
  browsers.push(browser);
  const context = await browser.newContext({ locale: 'vi-VN' });
  await watchCameraStreams(context);
  const page = await context.newPage();
  const problems = consoleProblems(page);
  await page.goto(`${server.url}/`);
  return { page, problems };
}

describe('camera scanner in Chromium with a fake camera', () => {
  it('reads the QR code on camera, closes, searches and shows the product; the camera is released', async () => {
    const video = join(workDir, 'qr.y4m');
    await writeQrVideo(video, `https://${new URL(server.url).host}/dt?qr=${CODE}`);
    const { page, problems } = await openLookupPage({ camera: 'file', videoFile: video });

    await page.getByRole('button', { name: CAMERA_BUTTON }).click();
    await page.getByRole('cell', { name: PRODUCT }).waitFor();

    expect(await page.evaluate(() => window.__videoPlayedWidth)).toBeGreaterThan(0); // the video was shown
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
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth)).toBeGreaterThan(0);
    expect(await liveCameraTracks(page)).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Đóng' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => liveCameraTracks(page)).toBe(0);
    expect(problems).toEqual([]);
  });

  it('denied camera permission shows its alert', async () => {
    const { page } = await openLookupPage({ camera: 'pattern', allowCamera: false });
    await page.getByRole('button', { name: CAMERA_BUTTON }).click();
    await page.getByRole('alert').filter({ hasText: 'Không được cấp quyền truy cập camera!' }).waitFor();
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
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#d8d2c4' } }).jpeg().toFile(photo);
    const { page, problems } = await openLookupPage({ camera: 'none' });

    await choosePhoto(page, photo);
    await page.getByRole('alert').filter({ hasText: 'Không phát hiện mã vạch hoặc mã QR.' }).waitFor();
    expect(problems).toEqual([]);
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
