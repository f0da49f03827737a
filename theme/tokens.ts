import type { ThemeOptions } from '@mui/material/styles';
import { brand } from './brand';

/**
 * The page's colours and corner radius: MUI's theme below reads them, and so do the static styles of the
 * first view, through CSS custom properties (theme/cssVariables.ts). Warning, info, text and divider are MUI's defaults.
 */
export const colors = {
  // Both brand colours carry white text (buttons, header); keep each at 4.5:1 or more against white.
  primary: brand.primary,
  secondary: brand.secondary,
  onBrand: '#ffffff',
  error: '#c62828',
  warning: '#ed6c02',
  info: '#0288d1',
  background: '#f5f7fa',
  paper: '#ffffff',
  text: 'rgba(0, 0, 0, 0.87)',
  textSecondary: 'rgba(0, 0, 0, 0.6)',
  divider: 'rgba(0, 0, 0, 0.12)',
} as const;
export const RADIUS_PX = 10;
export const FONT_FAMILY =
  '"Roboto", "Noto Sans", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif';

export const tokens: ThemeOptions = {
  palette: {
    primary: { main: colors.primary, contrastText: colors.onBrand },
    secondary: { main: colors.secondary, contrastText: colors.onBrand },
    error: { main: colors.error },
    warning: { main: colors.warning },
    info: { main: colors.info },
    background: { default: colors.background, paper: colors.paper },
    text: { primary: colors.text, secondary: colors.textSecondary },
    divider: colors.divider,
  },
  typography: {
    fontFamily: FONT_FAMILY,
    // Also in src/shared/styles/text.module.css, for the first view's plain elements.
    h1: { fontSize: '1.5rem', fontWeight: 600 },
    h2: { fontSize: '1.125rem', fontWeight: 600 },
  },
  shape: { borderRadius: RADIUS_PX },
};
