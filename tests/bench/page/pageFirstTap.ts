/**
 * The first tap on a deep link, as a shopper on a slow phone makes it: Chromium's CPU throttled 4x, a real
 * touch on the camera button (or the language button) 100 ms after the result first paints, while the
 * page may still be starting its script. Measured from the touch's own time stamp (so the wait for a
 * busy main thread counts) to the first frame showing what it asked for: the scanner dialog, or the
 * page's heading in the other language, in this document or in the one the tap loaded (the time is
 * carried over in sessionStorage, against each document's time origin). For the camera, also the
 * frame where the camera's picture plays in the dialog. A tap nothing ever answers is reported as lost. */
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/browser/chromium';
import { PHONE_VI } from '../../support/browser/profiles';

export type TapTarget = 'camera' | 'language';

export interface TapFigures {
  /** Touch to the frame after the answer entered the page; null when nothing answered within LOST_AFTER_MS. */
  shownMs: number | null;
  /** The camera only: touch to the frame after its picture played in the dialog; null if it never did. */
  cameraMs: number | null;
  /** The longest Event Timing duration of the tap's events (what Chrome reports as its INP); null after a new document. */
  inpMs: number | null;
}

const CPU_SLOWDOWN = 4;
const TAP_AFTER_PAINT_MS = Number(process.env.TAP_AFTER_PAINT_MS ?? 100);
const LOST_AFTER_MS = 5000;

const TARGETS: Record<TapTarget, { button: string; answered: string }> = {
  camera: {
    button: 'button[aria-label="Quét mã bằng camera"]',
    answered: `document.querySelector('[role="dialog"]') !== null`,
  },
  language: {
    button: 'header button',
    answered: `document.documentElement.lang === 'en' && /QR code check/.test(document.querySelector('h1')?.textContent ?? '')`,
  },
};

/**
 * Runs in the page before its own scripts: reports the first paint with the result and the button's
 * place to the bench, then watches for the answer to the first touch. A string, not a function: tsx wraps
 * named functions in a helper the page does not have.
 */
const probe = (target: TapTarget) => `(() => {
  const button = ${JSON.stringify(TARGETS[target].button)};
  const answered = () => ${TARGETS[target].answered};
  const playing = () => [...document.querySelectorAll('[role="dialog"] video')].some((video) => video.readyState >= 2);
  const touched = Number(sessionStorage.getItem('tap-bench-touched'));
  const state = window.__tap = { touchedAt: touched ? touched - performance.timeOrigin : null, shownAt: null, cameraAt: null, inp: null };
  addEventListener('pointerdown', (event) => {
    if (state.touchedAt !== null) return;
    state.touchedAt = event.timeStamp;
    sessionStorage.setItem('tap-bench-touched', String(performance.timeOrigin + event.timeStamp));
  }, { capture: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.interactionId) state.inp = Math.max(state.inp ?? 0, entry.duration);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  // The frame that paints a change, then the task after it: the change is on screen by then.
  const afterFrame = (key) => {
    state[key] = -1;
    requestAnimationFrame(() => setTimeout(() => (state[key] = performance.now())));
  };
  const check = () => {
    if (state.touchedAt === null) return;
    if (state.shownAt === null && answered()) afterFrame('shownAt');
    if (state.cameraAt === null && playing()) afterFrame('cameraAt');
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  // A video that starts playing changes no element.
  addEventListener('playing', check, { capture: true });
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    const element = document.querySelector(button);
    if (!document.querySelector('table') || !element) return;
    observer.disconnect();
    const box = element.getBoundingClientRect();
    window.__painted({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
  }).observe({ type: 'paint', buffered: true });
})();`;

async function tapOnce(browser: Browser, url: string, target: TapTarget): Promise<TapFigures> {
  const context = await browser.newContext(PHONE_VI.context);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    let painted!: (point: { x: number; y: number }) => void;
    const paintedAt = new Promise<{ x: number; y: number }>((resolve) => (painted = resolve));
    await page.exposeFunction('__painted', (point: { x: number; y: number }) => painted(point));
    await page.addInitScript({ content: probe(target) });
    const loading = page.goto(url);
    // A page that fails to load, or never paints its result, ends the bench with why.
    const point = await Promise.race([
      paintedAt,
      loading.then(
        () =>
          new Promise<never>((_resolve, reject) =>
            setTimeout(() => reject(new Error(`${url} never painted its result`)), 30_000),
          ),
      ),
    ]);
    await new Promise((resolve) => setTimeout(resolve, TAP_AFTER_PAINT_MS));
    await page.touchscreen.tap(point.x, point.y);
    const deadline = Date.now() + LOST_AFTER_MS;
    type TapState = { touchedAt: number | null; shownAt: number | null; cameraAt: number | null; inp: number | null };
    const since = (at: number | null, touchedAt: number) => (at !== null && at > 0 ? at - touchedAt : null);
    for (;;) {
      // A tap that loads another document: this one may be gone between two looks.
      const state = await page.evaluate(() => (window as unknown as { __tap: TapState }).__tap).catch(() => null);
      const done = target === 'camera' ? state?.cameraAt : state?.shownAt;
      if (state && state.touchedAt !== null && done !== null && done !== undefined && done > 0)
        return {
          shownMs: since(state.shownAt, state.touchedAt),
          cameraMs: since(state.cameraAt, state.touchedAt),
          inpMs: state.inp,
        };
      if (Date.now() > deadline)
        return {
          shownMs: state?.touchedAt != null ? since(state.shownAt, state.touchedAt) : null,
          cameraMs: null,
          inpMs: state?.inp ?? null,
        };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await context.close();
  }
}

/** `runs` first taps on a fresh page each (no cache between them), for the median. */
export async function firstTaps(url: string, target: TapTarget, runs: number): Promise<TapFigures[]> {
  const browser = await launchChromium({ camera: 'pattern' });
  try {
    const figures: TapFigures[] = [];
    for (let run = 0; run < runs; run++) figures.push(await tapOnce(browser, url, target));
    return figures;
  } finally {
    await browser.close();
  }
}
