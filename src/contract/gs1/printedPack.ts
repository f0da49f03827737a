import { isIsoDay } from '../vietnamDay.ts';
import { CSET_82 } from './characterSets.ts';
import { hasValidCheckDigit } from './checkDigit.ts';

// Imports carry their extension: a shopper's report is checked with this in the service's worker threads, which
// Node runs without a bundler.

/**
 * What a GS1 Digital Link printed on a pack says about it besides its serial: AI 01, 10 and 17. The page compares it
 * with the record (features/lookup's packMismatches); a shopper's report carries it to the desk. It is what the pack
 * says, not personal data.
 */
export interface PrintedPack {
  /** 14 digits (a shorter GTIN padded with zeros on the left, as GS1 compares them). */
  gtin: string;
  lot: string | null;
  /** YYYY-MM-DD, AI 17's day 00 already read as the month's last day. */
  expiry: string | null;
}

/** AI 10's format: up to 20 characters of CSET 82 (GS1 General Specifications 3.4.1). */
export const PRINTED_LOT_MAX = 20;

const isGtin14 = (value: unknown) => typeof value === 'string' && /^\d{14}$/.test(value) && hasValidCheckDigit(value);
const isLot = (value: unknown) =>
  typeof value === 'string' && value.length >= 1 && value.length <= PRINTED_LOT_MAX && CSET_82.test(value);

/**
 * Whether `value` is a pack as a Digital Link gives it, and nothing else: a GTIN-14 whose check digit holds, a lot
 * within AI 10 or null, a real expiry day or null. As it arrives in a report's JSON, where anything may be sent.
 */
export function isPrintedPack(value: unknown): value is PrintedPack {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { gtin, lot, expiry, ...rest } = value as Record<string, unknown>;
  return (
    Object.keys(rest).length === 0 &&
    isGtin14(gtin) &&
    (lot === null || isLot(lot)) &&
    (expiry === null || isIsoDay(expiry))
  );
}
