import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { colors, FONT_FAMILY } from '../../../theme/tokens';

// The page's baseline is static CSS, read before any script: its font and colours must stay the theme's.
// Read as a file: the page tests' jsdom project loads only CSS modules.
const BASELINE = readFileSync(new URL('../../../src/app/baseline.css', import.meta.url), 'utf8');
const bodyRule = /(?:^|\n)body \{([^}]*)\}/.exec(BASELINE)?.[1] ?? '';
const declared = (property: string) =>
  new RegExp(`(?:^|;)\\s*${property}:([^;]*);`).exec(bodyRule)?.[1]?.replace(/\s+/g, ' ').trim();
/** A font list as written in CSS or in a string: its names, without quotes. */
const fonts = (list = '') => list.split(',').map((name) => name.trim().replace(/^["']|["']$/g, ''));

describe("the page's baseline (src/app/baseline.css)", () => {
  it("gives the body the theme's font, text colour and background", () => {
    expect(fonts(declared('font-family'))).toEqual(fonts(FONT_FAMILY));
    expect(declared('color')).toBe(colors.text);
    expect(declared('background-color')).toBe(colors.background);
  });
});
