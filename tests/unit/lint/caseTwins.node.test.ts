import { globSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const NOT_OURS = /^(node_modules|dist|dist-ssr|coverage|data|test-results|\.git|\.tools)(\/|$)/;

/**
 * Paths that an import names alike on a disk that ignores case (macOS's and Windows' defaults): the same
 * path once the extension an import leaves out is dropped and case is ignored. `./recallWatch` found
 * RecallWatch.tsx there instead of recallWatch.ts (issue 38).
 */
function caseTwins(paths: readonly string[]): string[][] {
  const byKey = new Map<string, string[]>();
  for (const path of paths) {
    const key = path.replace(/\.(ts|tsx|js|mjs|cjs|json)$/, '').toLowerCase();
    byKey.set(key, [...(byKey.get(key) ?? []), path]);
  }
  return [...byKey.values()].filter((group) => group.length > 1);
}

describe('file names', () => {
  it('finds twins as a case-blind disk sees them', () => {
    expect(caseTwins(['a/recallWatch.ts', 'a/RecallWatch.tsx', 'a/RecallWatch.module.css', 'a/Other.tsx'])).toEqual([
      ['a/recallWatch.ts', 'a/RecallWatch.tsx'],
    ]);
  });

  it('differ by more than case, so every disk resolves an import to the same file', () => {
    const paths = globSync('**', { cwd: ROOT, exclude: (path) => NOT_OURS.test(path) });
    expect(paths.length).toBeGreaterThan(300);
    expect(caseTwins(paths)).toEqual([]);
  });
});
