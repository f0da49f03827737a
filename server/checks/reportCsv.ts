import type { CheckReport } from './checkStore.ts';

export const REPORT_HEADER = 'kind,code,networks,lookups,first_day,caution_since,days';

/** A field as CSV writes it: quoted when it holds a separator or a quote; a leading formula sign defused for spreadsheets. */
export function field(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The report as CSV, one row a code: `code` rows (those with the caution first, oldest caution first, with
 * the day it began; then the most distinct networks within the window; lookups in the period and the code's
 * first counted day), then `unknown` rows (codes the service does not hold, most looked up first, with on
 * how many days).
 */
export function reportCsv({ codes, unknown }: CheckReport): string {
  const rows = [
    REPORT_HEADER,
    ...codes.map(({ code, networks, lookups, firstDay, cautionSince }) =>
      ['code', code, networks, lookups, firstDay, cautionSince, ''].map(field).join(','),
    ),
    ...unknown.map(({ code, lookups, days }) => ['unknown', code, '', lookups, '', '', days].map(field).join(',')),
  ];
  return `${rows.join('\n')}\n`;
}
