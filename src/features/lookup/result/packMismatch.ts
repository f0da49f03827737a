import { traceItem, type TraceResult } from '@/api/traceResult';
import { wireText } from '@/api/wireValues';
import { gtin14 } from '@/contract/gs1/checkDigit';
import type { CalendarDay } from '@/contract/vietnamDay';
import { parseWireDate } from '@/shared/dates/calendarDay';

/** What a GS1 Digital Link printed on a pack says about it besides its serial: AI 01, 10 and 17. */
export interface PrintedPack {
  /** 14 digits (a shorter GTIN padded with zeros on the left, as GS1 compares them). */
  gtin: string;
  lot: string | null;
  /** YYYY-MM-DD, AI 17's day 00 already read as the month's last day. */
  expiry: string | null;
}

/** One thing the pack's code says that the record of its serial does not, with both values. */
export type PackMismatch =
  | { field: 'gtin' | 'lot'; printed: string; recorded: string }
  | { field: 'expiry'; printed: CalendarDay; recorded: CalendarDay };

const sameDay = (a: CalendarDay, b: CalendarDay) => a.year === b.year && a.month === b.month && a.day === b.day;

/**
 * Where the pack and the record of its serial disagree: GTIN, lot, expiry, in that order. Only what both
 * sides state is compared: a record that does not say its lot or GTIN (a service that sends neither) is
 * no disagreement, so the page never claims one it cannot see. The lot is compared as printed (GS1's AI 10
 * is case-sensitive).
 */
export function packMismatches(printed: PrintedPack, result: TraceResult): PackMismatch[] {
  const item = traceItem(result);
  const mismatches: PackMismatch[] = [];
  const recordedGtin = wireText(item.Gtin);
  // A record's GTIN-8, -12 or -13 is the same number as its 14 digits; a value that is no GTIN is not compared.
  const recorded = recordedGtin === null ? null : gtin14(recordedGtin);
  const printedGtin = gtin14(printed.gtin) ?? printed.gtin;
  if (recorded !== null && recorded !== printedGtin) mismatches.push({ field: 'gtin', printed: printedGtin, recorded });
  const recordedLot = wireText(item.Lot);
  if (printed.lot !== null && recordedLot !== null && recordedLot !== printed.lot)
    mismatches.push({ field: 'lot', printed: printed.lot, recorded: recordedLot });
  const printedExpiry = parseWireDate(printed.expiry);
  const recordedExpiry = parseWireDate(item.ExpireDate);
  if (printedExpiry && recordedExpiry && !sameDay(printedExpiry, recordedExpiry))
    mismatches.push({ field: 'expiry', printed: printedExpiry, recorded: recordedExpiry });
  return mismatches;
}
