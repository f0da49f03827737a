import type { Page, Route } from 'playwright-core';

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
