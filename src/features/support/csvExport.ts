import type { TFunction } from 'i18next';
import { codeLink } from '@/features/lookup';
import type { CheckedCode } from './checkedCode';
import { outcomeText, rowFacts } from './rowFacts';

// Excel reads a CSV without a byte order mark as the system's code page and garbles Vietnamese.
const BOM = '\uFEFF';

/**
 * A cell as RFC 4180 quotes it. A cell a spreadsheet would run as a formula (product names come from
 * the service and may start with '=', '+', '-' or '@') gets a leading apostrophe: shown, never run.
 */
function cell(value: string | null): string {
  const text = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The table as CSV (UTF-8 with BOM, CRLF lines), headers and words in the language of `t`. */
export function batchCsv(rows: CheckedCode[], t: TFunction, language: string, now: Date, origin: string): string {
  const header = [
    t('support.table.code'),
    t('support.csv.link'),
    t('support.table.product'),
    t('support.table.unit'),
    t('support.csv.mfg'),
    t('support.csv.exp'),
    t('support.csv.expiryStatus'),
    t('support.table.lot'),
    t('support.table.packing'),
    t('support.table.checks'),
    t('support.table.outcome'),
  ];
  const lines = rows.map((row) => {
    const facts = row.result ? rowFacts(row.result, t, language, now) : null;
    return [
      row.code,
      new URL(codeLink(row.code), origin).href,
      facts?.name ?? null,
      facts?.unit ?? null,
      facts?.mfg ?? null,
      facts?.exp ?? null,
      facts?.expiryText ?? null,
      facts?.lotText ?? null,
      facts?.packingText ?? null,
      facts?.checksText ?? null,
      outcomeText(row, t),
    ];
  });
  return BOM + [header, ...lines].map((line) => line.map(cell).join(',')).join('\r\n') + '\r\n';
}
