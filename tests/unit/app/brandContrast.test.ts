import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { appTheme } from '../../../theme';

describe('the theme colours', () => {
  it.each(['primary', 'secondary', 'error'] as const)('keep white text on %s readable (WCAG AA)', (colour) => {
    const { main, contrastText } = appTheme.palette[colour];
    expect(getContrastRatio(main, contrastText)).toBeGreaterThanOrEqual(4.5);
  });

  it('keep secondary text readable on the page and on paper', () => {
    for (const background of [appTheme.palette.background.default, appTheme.palette.background.paper]) {
      expect(getContrastRatio(appTheme.palette.text.secondary, background)).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(appTheme.palette.error.main, background)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
