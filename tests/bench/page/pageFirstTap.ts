/**
 * The first tap on a deep link, as a shopper on a slow phone makes it: Chromium's CPU throttled 4x, a real
 * touch on the camera button (or the language button) 100 ms after the result first paints, while the
 * page may still be starting its script. Measured in the page, from the touch's own time stamp (so the
 * wait for a busy main thread counts) to the first frame showing what it asked for: the scanner dialog,
 * or the page's heading in the other language. A tap nothing ever answers is reported as lost.
 */
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/browser/chromium';
import { PHONE_VI } from '../../support/browser/profiles';

export type TapTarget = 'camera' | 'language';

export interface TapFigures {
  /** Touch to the frame after the answer entered the page; null when nothing answered within LOST_AFTER_MS. */
  shownMs: number | null;
  /** The longest Event Timing duration of the tap's events (what Chrome reports as its INP). */
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
  const state = window.__tap = { touchedAt: null, shownAt: null, inp: null };
  addEventListener('pointerdown', (event) => { if (state.touchedAt === null) state.touchedAt = event.timeStamp; }, { capture: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.interactionId) state.inp = Math.max(state.inp ?? 0, entry.duration);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  const watch = new MutationObserver(() => {
    if (state.touchedAt === null || state.shownAt !== null || !answered()) return;
    state.shownAt = -1;
    // The frame that paints the change, then the task after it: the answer is on screen by then.
    requestAnimationFrame(() => setTimeout(() => (state.shownAt = performance.now())));
  });
  watch.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
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
    for (;;) {
      const state = await page.evaluate(
        () =>
          (window as unknown as { __tap: { touchedAt: number | null; shownAt: number | null; inp: number | null } })
            .__tap,
      );
      if (state.touchedAt !== null && state.shownAt !== null && state.shownAt > 0)
        return { shownMs: state.shownAt - state.touchedAt, inpMs: state.inp };
      if (Date.now() > deadline) return { shownMs: null, inpMs: state.inp };
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
