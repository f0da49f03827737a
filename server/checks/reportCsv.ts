import type { CheckReport } from './checkStore.ts';

export const REPORT_HEADER = 'kind,code,devices,lookups,first_day,days';

/** A field as CSV writes it: quoted when it holds a separator or a quote; a leading formula sign defused for spreadsheets. */
function field(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The report as CSV, one row a code: `code` rows (the most distinct devices in the period first, with
 * lookups and the code's first counted day), then `unknown` rows (codes the service does not hold, most
 * looked up first, with on how many days).
 */
export function reportCsv({ codes, unknown }: CheckReport): string {
  const rows = [
    REPORT_HEADER,
    ...codes.map(({ code, devices, lookups, firstDay }) =>
      ['code', code, devices, lookups, firstDay, ''].map(field).join(','),
    ),
    ...unknown.map(({ code, lookups, days }) => ['unknown', code, '', lookups, '', days].map(field).join(',')),
  ];
  return `${rows.join('\n')}\n`;
}
