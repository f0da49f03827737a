import type { Locator, Page, Route } from 'playwright-core';

// The page's entry chunk (src/main.tsx), which the build names main-<hash>.js (scripts/vite/loadPath.ts).
const MAIN_BUNDLE = /\/assets\/main-[^/]+\.js$/;
/** The page's loader asks for its scripts once the page has painted: well within this on a busy machine. */
const ASKED_WITHIN_MS = 20_000;

/** A script the page's requests for are held back. */
export interface HeldScript {
  /** Settles when the page first asks for it. */
  asked: Promise<void>;
  /** Lets it through, once the page has asked for it. */
  release: () => Promise<void>;
}

/**
 * Holds back every request `pattern` matches until `release`. `release` first waits for the page to
 * have asked, so a test whose page never did (or whose file this pattern no longer matches) fails
 * instead of passing with nothing held.
 */
export async function holdScript(page: Page, pattern: RegExp): Promise<HeldScript> {
  let requested: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => (requested = resolve));
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route: Route) => {
    requested();
    await held;
    // The test may have closed the page meanwhile.
    await route.continue().catch(() => undefined);
  });
  return {
    asked,
    release: async () => {
      let timer: NodeJS.Timeout | undefined;
      const never = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`the page never asked for ${pattern}`)), ASKED_WITHIN_MS);
      });
      await Promise.race([asked, never]).finally(() => clearTimeout(timer));
      release();
    },
  };
}

/** Holds the page's main bundle back until `release`: the page shows its HTML without its script. */
export const holdBundle = (page: Page): Promise<HeldScript> => holdScript(page, MAIN_BUNDLE);

/**
 * Opens `url` with the bundle held back, types `text` into the field its HTML shows (then does `more`,
 * such as moving the caret), then lets the bundle run.
 */
export async function typeBeforeBundle(
  page: Page,
  url: string,
  field: Locator,
  text: string,
  more?: () => Promise<void>,
): Promise<void> {
  const bundle = await holdBundle(page);
  await page.goto(url, { waitUntil: 'commit' });
  await field.fill(text);
  await more?.();
  await bundle.release();
}
