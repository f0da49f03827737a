/**
 * The colours of a status wherever it shows (a message, the expiry, a support desk row): MUI Alert's
 * tints, each text colour at 4.5:1 or more on its tint and on white. The words and an icon carry the
 * meaning as well, never the colour alone.
 */
export const statusTones = {
  success: { text: '#1e4620', tint: '#edf7ed' },
  warning: { text: '#663c00', tint: '#fff4e5' },
  error: { text: '#5f2120', tint: '#fdeded' },
  info: { text: '#014361', tint: '#e5f6fd' },
  neutral: { text: '#37404a', tint: '#eef0f3' },
} as const;

export type StatusTone = keyof typeof statusTones;
