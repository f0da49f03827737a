import { describe, expect, it } from 'vitest';
import { modulesAfterFirstPaint } from '../../server/afterFirstPaint.ts';

// index.html as Vite builds it (with the early trace entry the build's plugin adds).
const BUILT = `<!doctype html>
<html lang="vi">
  <head>
    <script type="module" crossorigin src="/assets/earlyTrace-a1.js" data-early-trace></script>
    <title>Sữa Đồng Xanh</title>
    <script type="module" crossorigin src="/assets/index-b2.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-c3.js">
    <link rel="modulepreload" crossorigin href="/assets/earlyTrace-a1.js">
  </head>
  <body><div id="root"></div></body>
</html>`;

const LOADER =
  '<script defer src="/after-first-paint.js" data-modules="/assets/index-b2.js" data-preloads="/assets/runtime-c3.js /assets/earlyTrace-a1.js"></script>';
const STATIC_LOADER = '<script defer src="/after-first-paint.js" data-modules="/assets/index-b2.js" data-preloads="/assets/runtime-c3.js"></script>';

describe('modulesAfterFirstPaint', () => {
  it('leaves a rendered page no module requested before its first paint, and no early trace request', () => {
    const html = modulesAfterFirstPaint(BUILT, { staticShell: false });
    expect(html).toContain(LOADER);
    expect(html).not.toMatch(/type="module"|modulepreload|data-early-trace/);
  });

  it("keeps the static shell's early trace request in the head, and moves the rest behind the paint", () => {
    const html = modulesAfterFirstPaint(BUILT, { staticShell: true });
    expect(html).toContain('<script type="module" crossorigin src="/assets/earlyTrace-a1.js" data-early-trace></script>');
    expect(html).toContain(STATIC_LOADER);
    expect(html).not.toMatch(/modulepreload|src="\/assets\/index-b2\.js"/);
  });

  it('leaves a page without a module script as it is', () => {
    const plain = '<html lang="vi"><head></head><body><div id="root"></div></body></html>';
    expect(modulesAfterFirstPaint(plain, { staticShell: true })).toBe(plain);
  });
});
