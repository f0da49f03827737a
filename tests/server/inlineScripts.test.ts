import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptSources } from '../../server/http/inlineScripts.ts';

const source = (body: string) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;

describe("the CSP sources of a page's inline scripts", () => {
  it('allows each inline script the browser runs by the hash of its text, once', () => {
    const loader = '(function(){var e=document.currentScript;})();';
    const html = `<head><script data-modules="/assets/main.js">${loader}</script></head><body><script type="module">import('/a.js')</script><script>${loader}</script></body>`;
    expect(inlineScriptSources(html)).toEqual([source(loader), source("import('/a.js')")]);
  });

  it('leaves out scripts from files, data blocks and empty elements', () => {
    const html =
      '<script type="module" src="/assets/earlyTrace.js"></script><script type="application/json" id="state">{"a":1}</script><script></script>';
    expect(inlineScriptSources(html)).toEqual([]);
  });
});
