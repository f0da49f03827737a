import type { Locator, Page, Route } from 'playwright-core';

// The page's entry chunk (src/main.tsx), which the build names main-<hash>.js (scripts/vite/loadPath.ts).
const MAIN_BUNDLE = /\/assets\/main-[^/]+\.js$/;
/** The loader asks for it once the page has painted: well within this on a busy machine. */
const ASKED_WITHIN_MS = 20_000;

/**
 * Holds the page's main bundle back until `release`: the page shows its HTML without its script.
 * `release` first waits for the page to have asked for the bundle, so a test whose page never did (or
 * whose bundle this pattern no longer matches) fails instead of passing with nothing held.
 */
export async function holdBundle(page: Page): Promise<{ release: () => Promise<void> }> {
  let requested: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => (requested = resolve));
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(MAIN_BUNDLE, async (route: Route) => {
    requested();
    await held;
    // The test may have closed the page meanwhile.
    await route.continue().catch(() => undefined);
  });
  return {
    release: async () => {
      let timer: NodeJS.Timeout | undefined;
      const never = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the page never asked for its bundle (${MAIN_BUNDLE})`)),
          ASKED_WITHIN_MS,
        );
      });
      await Promise.race([asked, never]).finally(() => clearTimeout(timer));
      release();
    },
  };
}

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
