import type { Components, Theme } from '@mui/material/styles';

export const components: Components<Theme> = {
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
  },
  // Every icon button is a 44 x 44 px target at least (WCAG 2.5.5), on phones above all.
  MuiIconButton: {
    styleOverrides: { root: { minWidth: 44, minHeight: 44 } },
  },
  MuiDialog: {
    styleOverrides: { paper: { backgroundColor: '#000' } },
  },
};
