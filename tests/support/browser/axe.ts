import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (every rule it enables by default: WCAG 2.x A/AA and best practices) on the page as it
 * settles: once no CSS transition or animation is running (a button fading from disabled to enabled
 * would be measured mid-way). The page's CSP allows only its own scripts, so the context must be
 * opened with bypassCSP.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Finite ones only: a progress indicator's endless animation never ends.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  await page.addScriptTag({ path: AXE_SCRIPT });
  const results = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } };
    const { violations } = await axe.run(document);
    return violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      targets: nodes.map((node) => node.target.join(' ')),
    }));
  });
  return results;
}
