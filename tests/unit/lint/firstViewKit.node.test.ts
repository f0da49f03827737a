import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');

const RULE = '@typescript-eslint/no-restricted-imports';

/** What `npm run lint` says of the imports in `code` were it the file at `path`, by the project's own config. */
async function lint(eslint: ESLint, path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return result.messages.filter(({ ruleId }) => ruleId === RULE).map(({ message }) => message);
}

describe('npm run lint keeps MUI out of what a deep link shows', () => {
  let eslint: ESLint;
  // Loading the config and the TypeScript parser takes seconds on a busy machine: once, before the cases.
  beforeAll(async () => {
    eslint = new ESLint({ cwd: ROOT });
    await lint(eslint, 'src/app/App.tsx', '');
  }, 60_000);

  it.each([
    ['src/features/lookup/result/NewBadge.tsx', "import Chip from '@mui/material/Chip';", 'kit in src/shared/ui'],
    ['src/features/lookup/QrCodeField.tsx', "import { Button } from '@mui/material';", 'kit in src/shared/ui'],
    ['src/layout/AppLayout.tsx', "import { styled } from '@mui/material/styles';", 'kit in src/shared/ui'],
    ['src/app/router.tsx', "import { ThemeProvider } from '@mui/system';", 'kit in src/shared/ui'],
    ['src/shared/ui/Button.tsx', "import styled from '@emotion/styled';", 'kit in src/shared/ui'],
    ['src/features/lookup/ScanNotices.tsx', "import InfoOutlined from '@mui/icons-material/InfoOutlined';", '?shape'],
    ['src/layout/LanguageToggle.tsx', "import LanguageMenu from './LanguageMenu';", 'React.lazy'],
    ['src/features/lookup/LookupPage.tsx', "import { MuiTheme } from '@/shared/ui/MuiTheme';", 'React.lazy'],
  ])('refuses %s importing: %s', async (path, code, hint) => {
    const messages = await lint(eslint, path, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(hint);
  });

  it.each([
    ['src/features/lookup/ScanNotices.tsx', "import InfoOutlined from '@mui/icons-material/InfoOutlined?shape';"],
    ['src/features/lookup/MessageBox.tsx', "import type { Theme } from '@mui/material/styles';"],
    ['src/layout/LanguageMenu.tsx', "import Menu from '@mui/material/Menu';"],
    ['src/shared/ui/MuiTheme.tsx', "import { ThemeProvider } from '@mui/system';"],
    ['src/features/scanner/ScannerDialog.tsx', "import Dialog from '@mui/material/Dialog';"],
    ['src/features/support/SupportPage.tsx', "import Button from '@mui/material/Button';"],
  ])('lets %s import: %s (an icon shape, a type, or a part loaded on demand)', async (path, code) => {
    expect(await lint(eslint, path, code)).toEqual([]);
  });
});
