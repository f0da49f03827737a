// @ts-check
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Which module may import which (layers, features, the server's share of the page, cycles) is
// dependency-cruiser's to check: .dependency-cruiser.cjs, run by `npm run lint` after ESLint.

/**
 * What a deep link shows (the frame, the first view, the result, the recent lookups) and the kit it is drawn
 * with: plain elements and static CSS, so the server renders it and the phone hydrates it without MUI
 * (docs/architecture.md, "The first view's kit"). MUI loads on demand with what it draws: the dialogs, the
 * language menu (src/layout/LanguageMenu.tsx, behind React.lazy), the support desk; src/shared/ui/MuiTheme.tsx
 * is the theme those parts wrap themselves in.
 */
const FIRST_VIEW = ['src/app/**', 'src/layout/**', 'src/features/lookup/**', 'src/shared/ui/**'];
const DRAWN_WITH_MUI = ['src/layout/LanguageMenu.tsx', 'src/shared/ui/MuiTheme.tsx'];
const FIRST_VIEW_IMPORTS = {
  patterns: [
    {
      group: ['@mui/material', '@mui/material/*', '@mui/system', '@mui/system/*', '@emotion/*'],
      allowTypeImports: true,
      message:
        'What a deep link shows is drawn with the kit in src/shared/ui (Button, IconButton, Icon, Spinner, the ' +
        "field's styles): MUI here would join the first load. A part that needs MUI loads with React.lazy.",
    },
    {
      regex: '^@mui/icons-material/(?!.*\\?shape$)',
      message:
        "An icon of the first view is its shape alone: import it from '@mui/icons-material/<Name>?shape' and " +
        'draw it with src/shared/ui/Icon (the icon component takes in MUI).',
    },
    {
      regex: '(^|/)(LanguageMenu|MuiTheme)$',
      message: 'Drawn with MUI: load it with React.lazy(() => import(...)) so MUI stays in its own chunk.',
    },
  ],
};

export default tseslint.config(
  { ignores: ['dist/', 'dist-ssr/', 'node_modules/', 'test-results/', 'data/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // `_` marks a parameter a signature needs but the body does not.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: FIRST_VIEW,
    ignores: DRAWN_WITH_MUI,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', FIRST_VIEW_IMPORTS] },
  },
);
