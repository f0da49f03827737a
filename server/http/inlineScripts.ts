import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_TEMPLATE_FILE } from '../../src/contract/traceContract.ts';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const TYPE = /\btype\s*=\s*["']?([^"'\s>]+)/i;
/** Types of script element the browser runs (a JSON data block, such as the store's state, runs nothing). */
const RUNNABLE = new Set(['text/javascript', 'application/javascript', 'module']);

const runs = (attributes: string) => {
  const type = TYPE.exec(attributes)?.[1]?.toLowerCase();
  return type === undefined || RUNNABLE.has(type);
};

/**
 * The Content-Security-Policy source of each inline script the page's HTML runs ('sha256-…'): the
 * build inlines the after-paint loader (scripts/vite/loadPath.ts), and the policy allows exactly it.
 */
export function inlineScriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || !runs(attributes) || body.trim() === '') continue;
    sources.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...sources];
}

/** Those of the built pages in `staticDir` (the static shell and the service's template), as far as they exist. */
export function pageScriptSources(staticDir: string): string[] {
  const pages = ['index.html', PAGE_TEMPLATE_FILE].map((name) => join(staticDir, name)).filter(existsSync);
  return [...new Set(pages.flatMap((page) => inlineScriptSources(readFileSync(page, 'utf8'))))];
}
