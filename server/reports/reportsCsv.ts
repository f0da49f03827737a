import { field } from '../checks/reportCsv.ts';
import { reportFacts, type CautionRules } from './reportFacts.ts';
import type { StoredReport } from './reportStore.ts';

// npm run report:codes -- --reports: the shoppers' reports of a period as CSV for the brand (issue 41 point 5),
// one row a report, newest first, with the code's facts as the desk sees them beside it, and what the pack's
// Digital Link printed (empty without one) beside the record's lot.

export const REPORTS_HEADER =
  'code,lot,province,shop,reason,bought_on,first_check,networks,status,reference,sent_hour,pack_gtin,pack_lot,pack_expiry';

/** The reports as CSV: the shopper's text as typed (quoted, a leading formula sign defused for spreadsheets). */
export function reportsCsv(reports: readonly StoredReport[], rules: CautionRules, now: number): string {
  const rows = reports.map((report) => {
    const facts = reportFacts(report, rules, now);
    return [
      report.code,
      facts.lot?.lotCode ?? '',
      report.province,
      report.shop ?? '',
      report.reason,
      report.boughtOn ?? '',
      facts.firstCheck ?? '',
      facts.networks,
      report.status,
      report.reference,
      report.createdHour,
      report.pack?.gtin ?? '',
      report.pack?.lot ?? '',
      report.pack?.expiry ?? '',
    ]
      .map(field)
      .join(',');
  });
  return `${[REPORTS_HEADER, ...rows].join('\n')}\n`;
}
