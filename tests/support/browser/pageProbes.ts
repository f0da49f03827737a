import type { BrowserContext, Page } from 'playwright-core';

declare global {
  interface Window {
    /** Every stream the page got from getUserMedia, recorded by watchCameraStreams. */
    __cameraStreams?: MediaStream[];
  }
}

/** Records every camera stream the page opens, so a test can check that it was released (every track 'ended'). */
export async function watchCameraStreams(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.__cameraStreams = [];
    const devices = navigator.mediaDevices;
    if (!devices?.getUserMedia) return;
    const getUserMedia = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const stream = await getUserMedia(constraints);
      window.__cameraStreams?.push(stream);
      return stream;
    };
  });
}

/** Camera tracks the page opened that are still live. */
export function liveCameraTracks(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      (window.__cameraStreams ?? [])
        .flatMap((stream) => stream.getTracks())
        .filter((track) => track.readyState === 'live').length,
  );
}

/** Console warnings and errors and uncaught exceptions: a clean page has none. */
export function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}
