import { ThemeProvider } from '@mui/system';
import type { ReactNode } from 'react';
import { appTheme } from '../../../theme';

/**
 * MUI's theme, for the parts drawn with MUI's components: the dialogs, the language menu, the support
 * desk. Each wraps itself in it within its own chunk, so the first view (static styles) loads no MUI.
 * No CssBaseline: src/app/baseline.css is that baseline, for the whole page, before any script.
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={appTheme}>{children}</ThemeProvider>;
}
