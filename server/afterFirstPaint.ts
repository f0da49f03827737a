// The built index.html requests its modules beside the HTML and runs them as soon as they arrive,
// which on a fast link is before the first paint. Both the service's rendered pages and the static
// build's prerendered shell show something without them, so the entry module and the chunks it
// imports are requested only after that paint (public/after-first-paint.js). Lighthouse measured it:
// the static shell's first paint went from 2.1 s to 0.9 s (slow 4G, 4x CPU); preloading the modules
// in the head and only running them after the paint did not help, as Chromium compiles preloaded
// modules at once.

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\n?/;
/** The static page's early trace request (src/app/earlyTrace.ts). */
const EARLY_TRACE_SCRIPT = /<script [^>]*data-early-trace[^>]*><\/script>\n?/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;

/**
 * `staticShell`: the static build's page, whose result needs the bundle, keeps its early trace
 * request in the head, a small module that starts the lookup at once. A rendered page holds its
 * answer and drops that script.
 */
export function modulesAfterFirstPaint(html: string, { staticShell }: { staticShell: boolean }): string {
  const main = MODULE_SCRIPT.exec(html)?.[1];
  if (main === undefined) return html;
  // On a rendered page the early trace module stays among them: the bundle imports it (for the early
  // answer) there too, and unlisted it would be found only once its importer was fetched, a round trip
  // late. The static shell already requests it from its head.
  const early = /src="([^"]+)"/.exec(EARLY_TRACE_SCRIPT.exec(html)?.[0] ?? '')?.[1];
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]).filter((href) => !(staticShell && href === early));
  const loader = `<script defer src="/after-first-paint.js" data-modules="${main}" data-preloads="${preloads.join(' ')}"></script>\n`;
  const moved = html.replace(MODULE_PRELOAD, '').replace(MODULE_SCRIPT, loader);
  return staticShell ? moved : moved.replace(EARLY_TRACE_SCRIPT, '');
}
