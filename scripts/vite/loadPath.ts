import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';
import { inlineScriptSources } from '../../server/http/inlineScripts.ts';
import { escapeHtml } from '../../src/contract/htmlEscape.ts';
import { PAGE_TEMPLATE_FILE } from '../../src/contract/traceContract.ts';
import { LOADER_MODULES, LOADER_PRELOADS } from '../../src/boot/protocol.ts';
import { importClosure, startUpChunks } from './startUpChunks.ts';

// The build half of the page's load path (docs/architecture.md). index.html lists no module script:
// the page's entry (src/main.tsx) and the early trace request (src/app/earlyTrace.ts) are entries of
// their own, and this plugin writes the tags that load them from the bundle it has built. Vite's own
// module script would request the bundle beside the HTML and run it as soon as it arrived, on a fast
// link before the first paint; Lighthouse measured the static shell's first paint at 2.1 s with it and
// 0.9 s with the modules requested after that paint (slow 4G, 4x CPU). Preloading them in the head and
// running them later did not help: Chromium compiles preloaded modules at once.

/** Where the page's modules come from, as paths of the source tree. */
export interface LoadPathEntries {
  /** The page's entry, src/main.tsx. */
  main: string;
  /** The static page's early trace request, src/app/earlyTrace.ts. */
  earlyTrace: string;
  /** The favicon, inlined into the head. */
  favicon: string;
  /** The after-paint loader's entry, src/boot/afterFirstPaint.ts, bundled and inlined into the head. */
  loader: string;
  /**
   * Modules the page loads on demand that the static build's shell needs at once: the result's view
   * (src/features/lookup/resultView.ts), which a rendered deep link keeps as the server's HTML, the shell renders.
   */
  shellModules?: string[];
}

const MAIN = 'main';
const EARLY_TRACE = 'earlyTrace';

/**
 * The loader (its entry, src/boot/afterFirstPaint.ts, and the files it imports) as one classic script
 * for the page's head: a build of its own, by Vite's bundler, because the page's bundle is ES modules and
 * an inline script cannot import. The protocol's constants are inlined where they are used, as the bare
 * strings of the hand-written loader were (gzip 2,304 → 2,219 bytes).
 */
export async function loaderCode(entry: string): Promise<string> {
  const built = (await build({
    configFile: false,
    logLevel: 'silent',
    // In memory only: nothing of the page's build (dist/, public/) is touched.
    publicDir: false,
    build: {
      write: false,
      emptyOutDir: false,
      minify: true,
      rolldownOptions: { input: entry, optimization: { inlineConst: true }, output: { format: 'iife' } },
    },
  })) as Rollup.RolldownOutput;
  const code = built.output[0].code.trim();
  if (/<\/script/i.test(code)) throw new Error(`${entry} would end its own <script> element`);
  return code;
}

/**
 * The after-paint loader (`code`, src/boot/afterFirstPaint.ts), told which modules to run (in order) and
 * which chunks they start with, both requested only after the first paint.
 */
export function loaderTag(modules: string[], preloads: string[], code: string): string {
  const list = (files: string[]) => escapeHtml(files.map((file) => `/${file}`).join(' '));
  return `<script ${LOADER_MODULES}="${list(modules)}" ${LOADER_PRELOADS}="${list(preloads)}">${code}</script>`;
}

/** The early trace request, first in the head: it starts a deep link's lookup before the bundle has loaded. */
export function earlyTraceTag(fileName: string): string {
  return `<script type="module" crossorigin src="/${escapeHtml(fileName)}" data-early-trace></script>`;
}

// The build's own stylesheet only (in assets/): a link written by hand into index.html stays as it is.
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*? href="\/(assets\/[^"]+\.css)"[^>]*>/g;

/**
 * The page's stylesheet (one file: build.cssCodeSplit is off), written into the head where Vite linked it:
 * the first view's static styles (src/**\/*.module.css) then cost no request before the first paint, as the
 * loader costs none. Returns the page and the stylesheets it took in, which the build then leaves out.
 */
export function inlineStylesheets(html: string, bundle: Rollup.OutputBundle): { html: string; inlined: string[] } {
  const inlined: string[] = [];
  const page = html.replace(STYLESHEET_LINK, (_link, fileName: string) => {
    const asset = bundle[fileName];
    if (asset?.type !== 'asset') throw new Error(`index.html links ${fileName}, which the bundle does not hold`);
    const css = String(asset.source).trim();
    if (/<\/style/i.test(css)) throw new Error(`${fileName} would end its own <style> element`);
    inlined.push(fileName);
    return `<style data-page-styles>${css}</style>`;
  });
  return { html: page, inlined };
}

/** The two pages the build writes from index.html as Vite processed it (no module script in it). */
export interface PageForms {
  /** dist/index.html: the static host's page, into which scripts/prerenderShell.ts puts the shell. */
  shell: string;
  /** What the service renders pages into: it holds its answer, so it has no early trace request. */
  template: string;
  /** The stylesheets written into both, which the build then leaves out. */
  inlined: string[];
}

function entryChunk(bundle: Rollup.OutputBundle, name: string): Rollup.OutputChunk {
  const chunk = Object.values(bundle).find(
    (output): output is Rollup.OutputChunk => output.type === 'chunk' && output.isEntry && output.name === name,
  );
  if (!chunk) throw new Error(`the bundle has no entry named ${name}`);
  return chunk;
}

/** The files the page starts with: its entry, the early trace's, and the chunks the entry starts with. */
export interface PageModules {
  main: string;
  earlyTrace: string;
  preloads: string[];
}

/** From the bundle; `npm run size` counts the first load with it too. */
export function pageModules(bundle: Rollup.OutputBundle): PageModules {
  const main = entryChunk(bundle, MAIN);
  const { staticImports, stages } = startUpChunks(main, bundle);
  return {
    main: main.fileName,
    earlyTrace: entryChunk(bundle, EARLY_TRACE).fileName,
    preloads: [...staticImports, ...stages],
  };
}

/**
 * The chunks on demand whose facade is one of `modules`, with the chunks they import, less those in `have`:
 * on the static shell they are requested with the start-up chunks, not a round trip after them.
 */
function chunksOf(bundle: Rollup.OutputBundle, modules: string[], have: string[]): string[] {
  const facades = modules.map((module) => {
    const chunk = Object.values(bundle).find(
      (output): output is Rollup.OutputChunk => output.type === 'chunk' && output.facadeModuleId === module,
    );
    if (!chunk) throw new Error(`the bundle has no chunk of its own for ${module}`);
    return chunk.fileName;
  });
  return importClosure(bundle, facades, new Set(have));
}

/**
 * Both pages from the bundle. On a rendered page the early trace chunk stays among the preloads: the
 * bundle imports it (for the early answer) there too, and unlisted it would be found only once its
 * importer was fetched, a round trip late. The static shell already requests it from its head, and
 * requests the chunks of `shellModules` with its start-up chunks.
 */
export function pageForms(
  processed: string,
  bundle: Rollup.OutputBundle,
  loader: string,
  shellModules: string[] = [],
): PageForms {
  const { main, earlyTrace: early, preloads } = pageModules(bundle);
  const shellPreloads = preloads.filter((file) => file !== early);
  shellPreloads.push(...chunksOf(bundle, shellModules, [main, early, ...preloads]));
  const { html, inlined } = inlineStylesheets(processed, bundle);
  if (!html.includes('<head>') || !html.includes('</head>')) throw new Error('index.html lacks <head> or </head>');
  const withHead = (first: string, last: string) =>
    html.replace('<head>', () => `<head>${first}`).replace('</head>', () => `${last}</head>`);
  return {
    shell: withHead(earlyTraceTag(early), loaderTag([main], shellPreloads, loader)),
    template: withHead('', loaderTag([main], preloads, loader)),
    inlined,
  };
}

/**
 * The favicon, a couple of hundred bytes, goes into the page as a data URL: one request fewer before a
 * phone shows the result. Requested, it held a connection that the page's loader then had to open
 * afresh, a round trip more before the largest paint in Lighthouse's model (bench:page).
 */
function inlineFavicon(favicon: string): Plugin {
  return {
    name: 'load-path:inline-favicon',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html.replace(
          'href="/theme/favicon.svg"',
          `href="data:image/svg+xml,${encodeURIComponent(readFileSync(favicon, 'utf8').trim())}"`,
        ),
    },
  };
}

/**
 * The load path's build half: the entries, the favicon inlined, and both pages with the loader tag.
 * The template is a dot file beside index.html, which the static site does not serve (@fastify/static
 * leaves dot files out, as most static hosts do).
 */
export function loadPath({ main, earlyTrace, favicon, loader, shellModules = [] }: LoadPathEntries): Plugin[] {
  let template: string | undefined;
  let inlined: string[] = [];
  let mainUrl = '';
  return [
    inlineFavicon(favicon),
    {
      name: 'load-path:entries',
      config: ({ root }, { isSsrBuild }) =>
        isSsrBuild
          ? {}
          : {
              build: {
                rolldownOptions: {
                  input: { index: resolve(root ?? '', 'index.html'), [MAIN]: main, [EARLY_TRACE]: earlyTrace },
                },
              },
            },
    },
    {
      // `npm run dev` serves the sources as they are: the entry as a plain module script.
      name: 'load-path:dev-entry',
      apply: 'serve',
      configResolved: ({ root }) => void (mainUrl = `/${relative(root, main).replaceAll('\\', '/')}`),
      transformIndexHtml: () => [{ tag: 'script', attrs: { type: 'module', src: mainUrl }, injectTo: 'body' }],
    },
    {
      name: 'load-path:pages',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        async handler(html, { bundle }) {
          if (!bundle) return html;
          const forms = pageForms(html, bundle, await loaderCode(loader), shellModules);
          template = forms.template;
          inlined = forms.inlined;
          return forms.shell;
        },
      },
      generateBundle: {
        order: 'post',
        handler(_options, bundle) {
          if (template === undefined) return;
          // Inlined in both pages: nothing asks for the file.
          for (const fileName of inlined) delete bundle[fileName];
          this.emitFile({ type: 'asset', fileName: PAGE_TEMPLATE_FILE, source: template });
          // The hash the service allows it by, worked out as the service does; a static host with a
          // Content-Security-Policy of its own must allow it too.
          const sources = inlineScriptSources(template).join(' ');
          this.info(`the pages' inline loader, for a Content-Security-Policy: script-src 'self' ${sources}`);
        },
      },
    },
  ];
}
