/**
 * A trace code's font for parts styled by MUI (the support desk): monospaced with a slashed zero, so O
 * and 0 look apart. The plain-CSS parts use `code` of src/shared/styles/text.module.css, the same.
 */
export const CODE_FONT = {
  fontFamily: "ui-monospace, 'Roboto Mono', 'Droid Sans Mono', 'DejaVu Sans Mono', Menlo, Consolas, monospace",
  fontVariantNumeric: 'slashed-zero',
} as const;
