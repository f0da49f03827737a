import type { Components, Theme } from '@mui/material/styles';

export const components: Components<Theme> = {
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
  },
  MuiTableCell: {
    styleOverrides: {
      root: { overflowWrap: 'anywhere', verticalAlign: 'top' },
      head: { fontWeight: 600 },
    },
  },
  MuiDialog: {
    styleOverrides: { paper: { backgroundColor: '#000' } },
  },
};
