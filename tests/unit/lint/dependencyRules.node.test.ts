import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../..');
const CLI = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');

/**
 * A small tree laid out like the project's, each file importing what its key names, checked with the
 * project's own .dependency-cruiser.cjs by the real command, as `npm run lint` runs it.
 */
async function cruise(files: Record<string, string>): Promise<{ code: number; output: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'depcruise-'));
  try {
    const tsconfig = {
      compilerOptions: {
        moduleResolution: 'bundler',
        module: 'ESNext',
        allowImportingTsExtensions: true,
        paths: { '@/*': ['./src/*'] },
      },
    };
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), `${text}\nexport const probe = 1;\n`);
    }
    const roots = [...new Set(Object.keys(files).map((path) => path.split('/')[0]))];
    const args = [CLI, '--config', join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'err', ...roots];
    try {
      const { stdout } = await run(process.execPath, args, { cwd: dir });
      return { code: 0, output: stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, output: failed.stdout + failed.stderr };
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('npm run lint refuses an import that breaks a layer, naming the rule', () => {
  let refused: { code: number; output: string };

  // One tree holding every kind of wrong import: one run of the command (a second or two) for all cases.
  beforeAll(async () => {
    refused = await cruise({
      'src/contract/traceContract.ts': "import { probe as x } from '../shared/dates';",
      'src/contract/vietnamDay.ts': "import { probe as x } from 'node:fs';",
      'theme/statusTones.ts': "import type { probe as x } from '../src/shared/dates';",
      'src/shared/dates.ts': "import { probe as x } from '../i18n/languages';",
      'src/i18n/languages.ts': "import { probe as x } from '@/features/lookup/LookupPage';",
      'src/api/traceApi.ts': "import type { probe as x } from '../store/store';",
      'src/store/store.ts': "import type { probe as x } from '../app/App';",
      'src/features/lookup/LookupPage.tsx': "import { probe as x } from '@/app/App';",
      'src/features/lookup/index.ts': "export { probe as page } from './LookupPage';",
      'src/features/support/rowFacts.ts': "import { probe as x } from '@/features/lookup/LookupPage';",
      'src/app/App.tsx': "import { probe as x } from '@/features/support/rowFacts';",
      'src/boot/tapHolder.ts': "import { probe as x } from '@/shared/dates';",
      'server/routes/trace.ts': "import { probe as x } from '../../src/api/traceApi.ts';",
      'server/db/storage.ts': "import type { probe as x } from '../import/importRow.ts';",
      'server/import/importRow.ts': "import { probe as x } from '../db/storage.ts';",
      'server/domain/traceSource.ts': "import type { probe as x } from '../db/storage.ts';",
      'server/http/earlyErrors.ts': "import type { probe as x } from '../plugins/security.ts';",
      'server/plugins/security.ts': "import { probe as x } from '../routes/trace.ts';",
      'server/upstream/upstreamSource.ts': "import { probe as x } from '../app.ts';",
      'server/app.ts': '',
      'server/checks/openCheckStore.ts': "import { probe as x } from '../db/sqlite/checkStore.ts';",
      'server/db/sqlite/checkStore.ts': '',
      'server/checks/codesReport.ts': "import { probe as x } from '../db/openStorage.ts';",
      'server/db/openStorage.ts': "import type { probe as x } from '../checks/checkStore.ts';",
      'server/checks/checkStore.ts': '',
      'server/http/busyPage.ts': "import { probe as x } from '../cli/import.ts';",
      'server/cli/import.ts': '',
    });
  }, 60_000);

  it.each([
    ['contract-imports-nothing', 'src/contract/traceContract.ts → src/shared/dates.ts'],
    ['contract-imports-nothing', 'src/contract/vietnamDay.ts → fs'],
    ['theme-imports-no-page-code', 'theme/statusTones.ts → src/shared/dates.ts'],
    ['shared-imports-no-higher-layer', 'src/shared/dates.ts → src/i18n/languages.ts'],
    ['boot-stands-alone', 'src/boot/tapHolder.ts → src/shared/dates.ts'],
    ['api-i18n-import-no-higher-layer', 'src/i18n/languages.ts → src/features/lookup/LookupPage.tsx'],
    ['api-i18n-import-no-higher-layer', 'src/api/traceApi.ts → src/store/store.ts'],
    ['store-imports-no-feature-or-app', 'src/store/store.ts → src/app/App.tsx'],
    ['features-import-no-app', 'src/features/lookup/LookupPage.tsx → src/app/App.tsx'],
    ['feature-internals-stay-inside', 'src/features/support/rowFacts.ts → src/features/lookup/LookupPage.tsx'],
    ['app-uses-features-by-their-index', 'src/app/App.tsx → src/features/support/rowFacts.ts'],
    ['server-shares-only-the-contract', 'server/routes/trace.ts → src/api/traceApi.ts'],
    ['db-port-imports-no-import', 'server/db/storage.ts → server/import/importRow.ts'],
    ['db-adapters-behind-the-factory', 'server/checks/openCheckStore.ts → server/db/sqlite/checkStore.ts'],
    ['server-domain-imports-only-the-contract', 'server/domain/traceSource.ts → server/db/storage.ts'],
    ['server-routes-and-plugins-only-in-the-app', 'server/http/earlyErrors.ts → server/plugins/security.ts'],
    ['server-plugins-import-no-routes', 'server/plugins/security.ts → server/routes/trace.ts'],
    ['server-app-is-the-top', 'server/upstream/upstreamSource.ts → server/app.ts'],
    ['checks-import-no-db', 'server/checks/codesReport.ts → server/db/openStorage.ts'],
    ['server-cli-is-a-top', 'server/http/busyPage.ts → server/cli/import.ts'],
  ])('%s: %s', (rule, edge) => {
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain(`error ${rule}: ${edge}`);
  });

  it('names a cycle with every module on it', () => {
    expect(refused.output).toMatch(
      /error no-cycles: server\/(db\/storage|import\/importRow)\.ts → \n\s+server\/(import\/importRow|db\/storage)\.ts →/,
    );
  });

  it('names two folders that import each other, though no module is on a cycle', () => {
    expect(refused.output).toMatch(/error no-folder-cycles: server\/checks → \n\s+server\/db →\n\s+server\/checks/);
  });
});

describe('npm run lint lets imports run down the layers', () => {
  it('passes a tree whose imports all run downwards or through a feature’s index (or its on-demand twin)', async () => {
    const { code, output } = await cruise({
      'src/contract/traceContract.ts': '',
      'src/contract/vietnamDay.ts': '',
      'src/config.ts': "import { probe as x } from './contract/traceContract';",
      'src/shared/dates.ts': "import { probe as x } from '../contract/vietnamDay';",
      'theme/statusTones.ts': "import type { probe as x } from '../src/contract/traceContract';",
      'src/shared/ui/MuiTheme.tsx': "import { probe as x } from '../../../theme/statusTones';",
      'src/boot/protocol.ts': "import { probe as x } from '../contract/traceContract';",
      'src/boot/tapHolder.ts': "import { probe as x } from './protocol';",
      'src/i18n/formatDay.ts': "import { probe as x } from '@/shared/dates';",
      'src/store/store.ts': "import { probe as x } from '@/contract/traceContract';",
      'src/features/lookup/codeLink.ts': "import { probe as x } from '@/store/store';",
      'src/features/lookup/index.ts': "export { probe as codeLink } from './codeLink';",
      'src/features/scanner/ScannerDialog.tsx': '',
      'src/features/scanner/onDemand.ts': "export { probe as dialog } from './ScannerDialog';",
      'src/features/support/rowFacts.ts':
        "import { codeLink } from '@/features/lookup';\nimport { dialog } from '@/features/scanner/onDemand';",
      'src/app/App.tsx':
        "import { codeLink } from '@/features/lookup';\nimport { probe as x } from '@/i18n/formatDay';",
      'server/routes/trace.ts':
        "import { probe as x } from '../../src/contract/traceContract.ts';\nimport { probe as y } from '../plugins/security.ts';",
      'server/import/importRow.ts': "import type { probe as x } from '../db/storage.ts';",
      'server/db/storage.ts': '',
      'server/domain/traceSource.ts': "import { probe as x } from '../../src/contract/traceContract.ts';",
      'server/checks/checkStore.ts': "import { probe as x } from '../../src/contract/vietnamDay.ts';",
      'server/db/sqlite/checkStore.ts': "import type { probe as x } from '../../checks/checkStore.ts';",
      'server/cli/reportArgs.ts': "import { probe as x } from '../checks/checkStore.ts';",
      'server/cli/reportCodes.ts':
        "import { probe as x } from './reportArgs.ts';\nimport { probe as y } from '../db/openStorage.ts';",
      'server/db/databaseSource.ts':
        "import { probe as x } from '../domain/traceSource.ts';\nimport { probe as y } from './storage.ts';",
      'server/http/earlyErrors.ts': "import { probe as x } from '../domain/traceSource.ts';",
      'server/plugins/security.ts': "import { probe as x } from '../http/earlyErrors.ts';",
      'server/app.ts':
        "import { probe as x } from './routes/trace.ts';\nimport { probe as y } from './db/databaseSource.ts';",
      'server/main.ts': "import { probe as x } from './app.ts';\nimport { probe as y } from './db/openStorage.ts';",
      'server/db/openStorage.ts':
        "import { probe as x } from './sqlite/storage.ts';\nimport { probe as y } from './postgres/storage.ts';",
      'server/db/sqlite/storage.ts': "import { probe as x } from '../storage.ts';",
      'server/db/postgres/storage.ts': "import { probe as x } from '../storage.ts';",
    });
    expect(output).toContain('no dependency violations found');
    expect(code).toBe(0);
  }, 60_000);
});

describe('npm run lint keeps test helpers in tests/support and each bench in its folder', () => {
  let refused: { code: number; output: string };

  // The layout issue 28 left behind: helpers beside the tests, a check script and a unit test reaching into them.
  beforeAll(async () => {
    refused = await cruise({
      'tests/support/system/childProcess.ts': '',
      'tests/support/page/i18nInstance.ts': '',
      'tests/e2e/lookup.e2e.ts': '',
      'tests/e2e/support/chromium.ts': "import { probe as x } from '../../support/system/childProcess.ts';",
      'tests/render.tsx': "import { probe as x } from './support/page/i18nInstance.ts';",
      'tests/bench/scanCorpus.ts': "import { probe as x } from '../support/system/childProcess.ts';",
      'tests/bench/scan/scanCorpus.ts': '',
      'scripts/size.ts': "import { probe as x } from '../tests/e2e/support/chromium.ts';",
      'tests/unit/scanner/decodeEngine.node.test.ts': "import { probe as x } from '../../bench/scan/scanCorpus.ts';",
      'tests/support/browser/e2eSuite.ts': "import { probe as x } from '../../e2e/lookup.e2e.ts';",
      'tests/bench/scan-time/scanTimeBench.ts': "import { probe as x } from '../scan/scanCorpus.ts';",
      'server/main.ts': "import { probe as x } from '../tests/support/system/childProcess.ts';",
    });
  }, 60_000);

  it.each([
    ['helpers-live-in-tests-support', 'tests/e2e/support/chromium.ts → tests/support/system/childProcess.ts'],
    ['helpers-live-in-tests-support', 'tests/render.tsx → tests/support/page/i18nInstance.ts'],
    ['helpers-live-in-tests-support', 'tests/bench/scanCorpus.ts → tests/support/system/childProcess.ts'],
    ['test-helpers-come-from-tests-support', 'scripts/size.ts → tests/e2e/support/chromium.ts'],
    [
      'test-helpers-come-from-tests-support',
      'tests/unit/scanner/decodeEngine.node.test.ts → tests/bench/scan/scanCorpus.ts',
    ],
    ['test-helpers-come-from-tests-support', 'tests/support/browser/e2eSuite.ts → tests/e2e/lookup.e2e.ts'],
    ['bench-keeps-to-its-folder', 'tests/bench/scan-time/scanTimeBench.ts → tests/bench/scan/scanCorpus.ts'],
    ['product-imports-no-tests', 'server/main.ts → tests/support/system/childProcess.ts'],
  ])('%s: %s', (rule, edge) => {
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain(`error ${rule}: ${edge}`);
  });

  it('passes tests, benches and check scripts that share helpers through tests/support', async () => {
    const { code, output } = await cruise({
      'tests/support/system/childProcess.ts': '',
      'tests/support/browser/chromium.ts': "import { probe as x } from '../system/childProcess.ts';",
      'tests/support/scan/scanCorpus.ts': '',
      'tests/support/page/render.tsx': '',
      'scripts/size.ts': "import { probe as x } from '../tests/support/browser/chromium.ts';",
      'tests/e2e/lookup.e2e.ts': "import { probe as x } from '../support/browser/chromium.ts';",
      'tests/unit/scanner/decodeEngine.node.test.ts': "import { probe as x } from '../../support/scan/scanCorpus.ts';",
      'tests/integration/lookup/lookupPage.test.tsx': "import { probe as x } from '../../support/page/render.tsx';",
      'tests/bench/scan/scanEngines.ts': '',
      'tests/bench/scan/scanBench.ts':
        "import { probe as x } from './scanEngines.ts';\nimport { probe as y } from '../../support/scan/scanCorpus.ts';",
    });
    expect(output).toContain('no dependency violations found');
    expect(code).toBe(0);
  }, 60_000);
});
