// @ts-check
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Imports run one way: shared code (api, config, i18n, store hooks, theme) → features and the layout →
 * app. A lower layer may name a higher one's types (the store's RootState), never its code.
 */
const layer = (forbidden, message) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    { patterns: [{ group: forbidden, message, allowTypeImports: true }] },
  ],
});

const APP = ['@/app', '@/app/*', '**/app/*', '@/main', '**/main'];
const FEATURES = ['@/features/*', '**/features/*', '@/layout/*', '**/layout/*'];

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
    files: ['src/api/**', 'src/config.ts', 'src/i18n/**', 'src/shared/**', 'src/store/**', 'theme/**'],
    rules: layer([...APP, ...FEATURES], 'Shared code imports no feature, layout or app code.'),
  },
  {
    files: ['src/features/**', 'src/layout/**'],
    rules: layer(APP, 'Features and the layout import shared code, never the app that composes them.'),
  },
  {
    // The scanner is composed by the lookup page, not the other way round.
    files: ['src/features/scanner/**'],
    rules: layer([...APP, '@/features/lookup/*', '**/lookup/*'], 'The scanner exports its controls; the lookup page composes them.'),
  },
  {
    files: ['server/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Any page file but the contract, by relative path or by the page's '@/' alias.
              regex: '(^|/)src/(?!api/traceContract(\\.ts)?$)|^@/',
              message: 'The service shares only the contract (src/api/traceContract.ts) with the page.',
            },
          ],
        },
      ],
    },
  },
);
