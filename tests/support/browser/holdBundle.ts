import type { Locator, Page, Route } from 'playwright-core';

/** Holds the page's main bundle back until `release`: the page shows its HTML without its script. */
export async function holdBundle(page: Page): Promise<{ release: () => void }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route: Route) => {
    await held;
    // The test may have closed the page meanwhile.
    await route.continue().catch(() => undefined);
  });
  return { release };
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
  bundle.release();
}
