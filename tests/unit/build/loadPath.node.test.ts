import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { inlineStylesheets, loaderCode, pageForms as formsWith } from '../../../scripts/vite/loadPath.ts';

// index.html as Vite has processed it: the load path's plugin lists it with no module script.
const PROCESSED = `<!doctype html>
<html lang="vi">
  <head>
    <title>Sữa Đồng Xanh</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const chunk = (fileName: string, name: string, parts: Partial<Rollup.OutputChunk> = {}) =>
  ({
    type: 'chunk',
    fileName,
    name,
    isEntry: false,
    imports: [],
    dynamicImports: [],
    ...parts,
  }) as unknown as Rollup.OutputChunk;

const asset = (fileName: string, source: string) =>
  ({ type: 'asset', fileName, source }) as unknown as Rollup.OutputAsset;

/** The page's entry with a static import (the contract, shared with the early trace) and a start-up stage. */
const BUNDLE: Rollup.OutputBundle = Object.fromEntries(
  [
    chunk('assets/main-b2.js', 'main', {
      isEntry: true,
      imports: ['assets/runtime-c3.js', 'assets/earlyTrace-a1.js'],
      dynamicImports: ['assets/App-d4.js'],
    }),
    chunk('assets/earlyTrace-a1.js', 'earlyTrace', { isEntry: true }),
    chunk('assets/runtime-c3.js', 'runtime'),
    chunk('assets/App-d4.js', 'App', { imports: ['assets/runtime-c3.js'], dynamicImports: ['assets/scanner-e5.js'] }),
    chunk('assets/scanner-e5.js', 'scanner'),
  ].map((item) => [item.fileName, item]),
);

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const LOADER_ENTRY = fileURLToPath(new URL('../../../src/boot/afterFirstPaint.ts', import.meta.url));
const CODE = await loaderCode(LOADER_ENTRY);
const pageForms = (html: string, bundle: Rollup.OutputBundle) => formsWith(html, bundle, CODE);
const LOADER = `<script data-modules="/assets/main-b2.js" data-preloads="/assets/runtime-c3.js /assets/earlyTrace-a1.js /assets/App-d4.js">${CODE}</script></head>`;
const STATIC_LOADER = `<script data-modules="/assets/main-b2.js" data-preloads="/assets/runtime-c3.js /assets/App-d4.js">${CODE}</script></head>`;
const EARLY_TRACE = '<head><script type="module" crossorigin src="/assets/earlyTrace-a1.js" data-early-trace></script>';

describe('the pages the load path writes from the bundle', () => {
  it('gives the rendered page no module requested before its first paint, and no early trace request', () => {
    const { template } = pageForms(PROCESSED, BUNDLE);
    expect(template).toContain(LOADER);
    // Besides the loader, which adds those tags itself after the paint.
    expect(template.replace(CODE, '')).not.toMatch(/type="module"|modulepreload|data-early-trace/);
  });

  it("puts the static shell's early trace request first in the head, and the rest behind the paint", () => {
    const { shell } = pageForms(PROCESSED, BUNDLE);
    expect(shell).toContain(EARLY_TRACE);
    expect(shell).toContain(STATIC_LOADER);
    expect(shell.replace(CODE, '')).not.toMatch(/modulepreload|src="\/assets\/main-b2\.js"/);
  });

  it('inlines the loader, bundled and minified, so that nothing is requested before the first paint', () => {
    // The loader's own code: it reads its lists from its element and holds taps until 'page:live'.
    expect(CODE).toContain('currentScript');
    expect(CODE).toContain('page:live');
    // One classic script, its files bundled in, their types and the protocol's names gone.
    expect(CODE).not.toMatch(/\bimport\b|\bexport\b|PAGE_LIVE|LANGUAGE_ATTRIBUTE/);
    // Minified: in every page's head, before its first paint (about 2.2 kB gzip since its jobs are files
    // and the result's held taps share its mechanism; 2.0 kB as one hand-minified file; 1.8 kB before it
    // swapped in the page's copy in the other language).
    const sources = globSync('src/boot/*.ts', { cwd: ROOT }).map((file) => readFileSync(join(ROOT, file), 'utf8'));
    expect(CODE.length).toBeLessThan(sources.join('').length / 2);
    expect(gzipSync(CODE).length).toBeLessThan(2300);
    expect(CODE).not.toMatch(/<\/script/i);
    const { template } = pageForms(PROCESSED, BUNDLE);
    expect(template).not.toMatch(/<script[^>]*\bsrc=/);
  });

  it("writes the page's stylesheet into both pages' heads: nothing is requested before the first paint", () => {
    const css = '._page_a1b2c_1{display:flex}';
    const linked = PROCESSED.replace(
      '</head>',
      '<link rel="stylesheet" crossorigin href="/assets/style-f6.css"></head>',
    );
    const bundle = { ...BUNDLE, 'assets/style-f6.css': asset('assets/style-f6.css', css) };
    const forms = pageForms(linked, bundle);
    for (const page of [forms.shell, forms.template]) {
      expect(page).toContain(`<style data-page-styles>${css}</style>`);
      expect(page).not.toContain('stylesheet');
    }
    expect(inlineStylesheets(linked, bundle).inlined).toEqual(['assets/style-f6.css']);
    // A stylesheet written into index.html by hand (a file of public/) is left to load as it is.
    const own = '<link rel="stylesheet" href="/print.css">';
    expect(inlineStylesheets(linked.replace('</head>', `${own}</head>`), bundle).html).toContain(own);
    // A stylesheet the bundle does not hold, or one that would end its own element, fails the build.
    expect(() => pageForms(linked, BUNDLE)).toThrow('does not hold');
    const closing = { ...bundle, 'assets/style-f6.css': asset('assets/style-f6.css', 'a{}</style><script>') };
    expect(() => pageForms(linked, closing)).toThrow('would end its own');
  });

  it('leaves what loads on demand (the scanner) out of the start-up chunks', () => {
    expect(Object.values(pageForms(PROCESSED, BUNDLE)).join('')).not.toContain('scanner-e5');
  });

  it('requests on the static shell, with its start-up chunks, what it renders at once that a rendered page loads later', () => {
    // The result's view: a rendered deep link keeps its result as the server's HTML, the shell renders it.
    const view = chunk('assets/ResultView-f7.js', 'ResultView', {
      facadeModuleId: '/src/ResultView.tsx',
      imports: ['assets/runtime-c3.js', 'assets/icon-g8.js'],
    });
    const bundle = { ...BUNDLE, [view.fileName]: view, 'assets/icon-g8.js': chunk('assets/icon-g8.js', 'icon') };
    const { shell, template } = formsWith(PROCESSED, bundle, CODE, ['/src/ResultView.tsx']);
    expect(shell).toContain(
      'data-preloads="/assets/runtime-c3.js /assets/App-d4.js /assets/ResultView-f7.js /assets/icon-g8.js"',
    );
    expect(template).toContain(LOADER);
    expect(template).not.toContain('ResultView');
    expect(() => formsWith(PROCESSED, bundle, CODE, ['/src/Missing.tsx'])).toThrow('no chunk of its own');
  });

  it('refuses a bundle without the page entry, and a page without a head, instead of writing a page that never starts', () => {
    const { 'assets/main-b2.js': _main, ...withoutMain } = BUNDLE;
    expect(() => pageForms(PROCESSED, withoutMain)).toThrow('no entry named main');
    expect(() => pageForms('<html><body><div id="root"></div></body></html>', BUNDLE)).toThrow('lacks <head>');
  });
});
