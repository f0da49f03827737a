import { traceItem, type TraceResult } from '@/api/traceResult';
import { wireText } from '@/api/wireValues';
import { gtin14 } from '@/contract/gs1/checkDigit';
import type { PrintedPack } from '@/contract/gs1/printedPack';
import type { CalendarDay } from '@/contract/vietnamDay';
import { parseWireDate } from '@/shared/dates/calendarDay';

/** One thing the pack's code says that the record of its serial does not, with both values. */
export type PackMismatch =
  | { field: 'gtin' | 'lot'; printed: string; recorded: string }
  | { field: 'expiry'; printed: CalendarDay; recorded: CalendarDay };

/** What a record says of its pack, as the service wrote it (any value; nothing where it says nothing). */
export interface RecordedPack {
  gtin: unknown;
  lot: unknown;
  expiry: unknown;
}

const sameDay = (a: CalendarDay, b: CalendarDay) => a.year === b.year && a.month === b.month && a.day === b.day;

/**
 * Where the pack and the record of its serial disagree: GTIN, lot, expiry, in that order. Only what both
 * sides state is compared: a record that does not say its lot or GTIN (a service that sends neither) is
 * no disagreement, so neither the page nor the desk ever claims one it cannot see. The lot is compared as
 * printed (GS1's AI 10 is case-sensitive). The one comparison of the page (packMismatches) and of the
 * desk's reports (a report's pack against the code's stored lot).
 */
export function recordMismatches(printed: PrintedPack, record: RecordedPack): PackMismatch[] {
  const mismatches: PackMismatch[] = [];
  const recordedGtin = wireText(record.gtin);
  // A record's GTIN-8, -12 or -13 is the same number as its 14 digits; a value that is no GTIN is not compared.
  const recorded = recordedGtin === null ? null : gtin14(recordedGtin);
  const printedGtin = gtin14(printed.gtin) ?? printed.gtin;
  if (recorded !== null && recorded !== printedGtin) mismatches.push({ field: 'gtin', printed: printedGtin, recorded });
  const recordedLot = wireText(record.lot);
  if (printed.lot !== null && recordedLot !== null && recordedLot !== printed.lot)
    mismatches.push({ field: 'lot', printed: printed.lot, recorded: recordedLot });
  const printedExpiry = parseWireDate(printed.expiry);
  const recordedExpiry = parseWireDate(record.expiry);
  if (printedExpiry && recordedExpiry && !sameDay(printedExpiry, recordedExpiry))
    mismatches.push({ field: 'expiry', printed: printedExpiry, recorded: recordedExpiry });
  return mismatches;
}

/** Where the pack and the record of its serial, as the lookup answered it, disagree (recordMismatches). */
export function packMismatches(printed: PrintedPack, result: TraceResult): PackMismatch[] {
  const item = traceItem(result);
  return recordMismatches(printed, { gtin: item.Gtin, lot: item.Lot, expiry: item.ExpireDate });
}
