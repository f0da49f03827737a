import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH, chromiumArgs } from '../../support/browser/chromium';

/** Debian's Chromium for Lighthouse, as bench:page and its attribution (pageBreakdown.ts) run it. */
export const launchForLighthouse = () =>
  chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: chromiumArgs({ allowCamera: false }) });

/** Lighthouse's run: its report (`lhr`) and what it gathered (`artifacts`: the trace). */
export type LighthouseRun = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

/**
 * Lighthouse's mobile performance run of `url`, in the Chromium on `port`. Now and then its trace misses the
 * navigation (NO_NAVSTART) and every figure of the run is NaN, which made a target's medians NaN: that run is made
 * once more, up to three times.
 */
export async function lighthouseRun(url: string, port: number, attempt = 1): Promise<LighthouseRun> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { runtimeError } = result.lhr;
  if (runtimeError && attempt < 3) return lighthouseRun(url, port, attempt + 1);
  if (runtimeError) throw new Error(`${url}: Lighthouse says ${runtimeError.code}: ${runtimeError.message}`);
  return result;
}
