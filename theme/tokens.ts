import type { ThemeOptions } from '@mui/material/styles';
import { brand } from './brand';

// Both brand colours carry white text (buttons, header); keep each at 4.5:1 or more against white.
export const tokens: ThemeOptions = {
  palette: {
    primary: { main: brand.primary, contrastText: '#ffffff' },
    secondary: { main: brand.secondary, contrastText: '#ffffff' },
    error: { main: '#c62828' },
    background: { default: '#f5f7fa', paper: '#ffffff' },
  },
  typography: {
    fontFamily: '"Roboto", "Noto Sans", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.5rem', fontWeight: 600 },
    h2: { fontSize: '1.125rem', fontWeight: 600 },
  },
  shape: { borderRadius: 10 },
};
