import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The import-direction messages ESLint gives a file at this path holding this import. */
async function layerErrors(filePath: string, importLine: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\nexport const probe = String(x);\n`, { filePath });
  return result.messages.filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

describe('imports run one way', () => {
  // The first lint loads the parser and plugins: seconds on a busy machine, not a test of its own.
  beforeAll(() => eslint.lintText('export {};\n', { filePath: 'src/probe.ts' }), 60_000);

  it.each([
    ['src/api/probe.ts', "import { x } from '@/features/lookup/qrCode';"],
    ['src/config.ts', "import { x } from '@/app/store';"],
    ['src/shared/dates/probe.ts', "import { x } from '@/features/lookup/qrCode';"],
    ['theme/probe.ts', "import { x } from '../src/features/scanner/scanHints';"],
    ['src/features/lookup/probe.ts', "import { x } from '@/app/store';"],
    ['src/layout/probe.ts', "import { x } from '../app/router';"],
    ['src/features/scanner/probe.ts', "import { x } from '@/features/lookup/qrCode';"],
    ['server/probe.ts', "import { x } from '../src/features/lookup/qrCode.ts';"],
    ['server/db/probe.ts', "import { x } from '../../src/config.ts';"],
    ['server/probe.ts', "import { x } from '../src/api/traceApi.ts';"],
    ['server/probe.ts', "import { x } from '@/api/traceContract';"],
  ])('refuses %s importing upwards: %s', async (filePath, importLine) => {
    expect(await layerErrors(filePath, importLine)).toHaveLength(1);
  });

  it.each([
    ['src/features/lookup/probe.ts', "import { x } from '@/api/traceApi';"],
    ['src/features/lookup/probe.ts', "import { x } from '@/features/scanner/scanHints';"],
    ['src/store/probe.ts', "import type { x } from '@/app/store';"],
    ['src/app/probe.ts', "import { x } from '@/features/lookup/LookupPage';"],
    ['server/probe.ts', "import { x } from '../src/api/traceContract.ts';"],
    ['server/http/probe.ts', "import { x } from '../../src/api/traceContract.ts';"],
  ])('lets %s import downwards: %s', async (filePath, importLine) => {
    expect(await layerErrors(filePath, importLine)).toEqual([]);
  });
});
