import type { Components, Theme } from '@mui/material/styles';

export const components: Components<Theme> = {
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
  },
  MuiDialog: {
    styleOverrides: { paper: { backgroundColor: '#000' } },
  },
};
