import { existsSync, globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');

// Paths from the repository's root; names relative to a folder the text has just named (`index.ts`) are prose.
// dist/ and dist-ssr/ are build output, absent from a clean clone.
const ROOTED =
  /^(src|server|tests|theme|locales|public|scripts|docs)\/[\w./*-]*$|^(index\.html|vite\.config\.ts|package\.json|\.dependency-cruiser\.cjs)$/;

/** Every repository path the architecture document names in backticks (a glob counts if it matches). */
function namedPaths(markdown: string): string[] {
  return [
    ...new Set([...markdown.matchAll(/`([^`\s<>]+)`/g)].map((match) => match[1]).filter((text) => ROOTED.test(text))),
  ];
}

describe('docs/architecture.md', () => {
  const paths = namedPaths(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'));

  it('names files and folders', () => {
    expect(paths.length).toBeGreaterThan(40);
  });

  // A newcomer follows these paths: a file moved or renamed without the document is a wrong turn.
  it.each(paths)('names %s, which exists', (path) => {
    const found = path.includes('*') ? globSync(path, { cwd: ROOT }).length > 0 : existsSync(join(ROOT, path));
    expect(found).toBe(true);
  });
});
