import type { Plugin } from 'vite';

const CSS_VARS_STUB = '\0mui-create-theme-with-vars-stub';

/**
 * MUI's createTheme imports its CSS-variables variant even when `cssVariables` is off. This page never
 * turns them on (theme/tokens.ts), so that variant, about 5 kB gzip of the first load, is swapped for a
 * stub that fails loudly if it is ever reached.
 */
export function muiThemeWithoutCssVariables(): Plugin {
  return {
    name: 'mui-theme-without-css-variables',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromCreateTheme = importer && /@mui[\\/]material[\\/]styles[\\/]createTheme\.m?js$/.test(importer);
      return fromCreateTheme && source.startsWith('./createThemeWithVars') ? CSS_VARS_STUB : null;
    },
    load(id) {
      if (id !== CSS_VARS_STUB) return null;
      return "export default function createThemeWithVars() { throw new Error('MUI CSS theme variables are off in this build: see scripts/vite/muiThemeWithoutCssVariables.ts'); }";
    },
  };
}
