import type { CSSProperties } from 'react';
import { colors, RADIUS_PX } from './tokens';

/**
 * The theme's values as CSS custom properties, set on the page's frame (src/layout/AppLayout.tsx): the
 * static styles (`*.module.css`) of the first view read them, so the brand's colours, chosen at build
 * time, stay in one place.
 */
export const cssVariables = {
  '--primary': colors.primary,
  '--on-brand': colors.onBrand,
  '--error': colors.error,
  '--warning': colors.warning,
  '--info': colors.info,
  '--paper': colors.paper,
  '--text': colors.text,
  '--text-secondary': colors.textSecondary,
  '--divider': colors.divider,
  '--radius': `${RADIUS_PX}px`,
} as CSSProperties;
