import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { appTheme } from '../../../theme';
import { statusTones } from '../../../theme/statusTones';

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

  it.each(Object.entries(statusTones))(
    'keep %s text readable on its tint and on white (WCAG AA)',
    (_, { text, tint }) => {
      expect(getContrastRatio(text, tint)).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(text, appTheme.palette.background.paper)).toBeGreaterThanOrEqual(4.5);
    },
  );
});
