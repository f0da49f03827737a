import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPage, type BuiltPage } from '../server/buildPage';
import { REPO_ROOT } from '../system/childProcess';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The page built for this run (a private folder, see ../server/buildPage.ts); the servers serve it. */
    e2ePage: BuiltPage;
  }
}

/**
 * Vitest global setup of the e2e project: builds the page once per run, before any e2e file, into a
 * private folder (not dist/, which another `npm run build` may rewrite mid-run), and removes it after.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await mkdir(join(REPO_ROOT, 'test-results/screenshots'), { recursive: true });
  const { root, ...page } = await buildPage();
  project.provide('e2ePage', page);
  return () => rm(root, { recursive: true, force: true });
}
