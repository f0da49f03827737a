import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import type { ReactNode } from 'react';
import { appTheme } from '../../../theme';

/**
 * MUI's theme, for the parts drawn with MUI's components: the dialogs, the language menu, the support
 * desk. Each wraps itself in it within its own chunk, so the first view (static styles) loads no MUI.
 * CssBaseline again here: the baseline those components were drawn against (src/app/baseline.css holds
 * the page's own).
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={appTheme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
