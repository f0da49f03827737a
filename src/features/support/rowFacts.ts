import type { TFunction } from 'i18next';
import { productName, traceItem, type TraceResult } from '@/api/traceResult';
import { wireText } from '@/api/wireValues';
import type { PrintedPack } from '@/contract/gs1/printedPack';
import { mismatchTexts, packMismatches, rowText, unitName } from '@/features/lookup/onDemand';
import { parseWireDate } from '@/shared/dates/calendarDay';
import { formatDay } from '@/i18n/formatDay';
import { expiryStatus, type ExpiryStatus } from '@/shared/expiry/expiryStatus';
import { expiryText } from '@/i18n/expiryText';
import type { CheckedCode } from './checkedCode';

/** Everything a row shows about a found code, in one language: the table, the CSV and the reply agree. */
export interface RowFacts {
  name: string | null;
  unit: string | null;
  mfg: string | null;
  exp: string | null;
  expiry: ExpiryStatus;
  expiryText: string;
  lotText: string | null;
  packingText: string | null;
  /** Shoppers' checks of the code as the service counted them (staff's own never count); null when it does not count. */
  checksText: string | null;
  /** The service's caution: many networks looked the code up recently; it may have been copied. */
  caution: boolean;
  /** Where the pack's Digital Link (as the customer sent it) and the record disagree, one sentence each. */
  mismatches: string[];
}

/** A date as the pack prints it, written per language; anything unreadable as the service sent it. */
function dateText(value: unknown, language: string): string | null {
  const day = parseWireDate(value);
  return day ? formatDay(day, language) : wireText(value);
}

function lotText({ extras }: TraceResult, t: TFunction): string | null {
  if (!extras.lot) return null;
  if (extras.lot.status === 'active') return t('support.lot.active');
  return extras.lot.reason
    ? t('support.lot.recalledWithReason', { reason: extras.lot.reason })
    : t('support.lot.recalled');
}

/**
 * How many units a carton holds (a carton's TotalPacket, a unit's CartonTotalPacket), when the service
 * says so as a whole number. Not the unit codes on record, which may be fewer: the two are worded apart.
 */
export function cartonHolds(result: TraceResult): number | null {
  if (result.kind === 'product') return result.extras.carton?.unitCount ?? null;
  const count = Number(String(result.box.TotalPacket ?? '').trim());
  return Number.isInteger(count) && count > 0 ? count : null;
}

function packingText(result: TraceResult, t: TFunction): string | null {
  const { carton, unitCodes } = result.extras;
  const holds = cartonHolds(result);
  if (carton) {
    return holds === null
      ? t('support.packing.inCarton', { carton: carton.code })
      : t('support.packing.inCartonCounted', { carton: carton.code, count: holds });
  }
  if (result.kind === 'product') return null;
  const parts = [
    holds === null ? null : t('support.packing.holds', { count: holds }),
    unitCodes.length === 0 ? null : t('support.packing.unitCodes', { count: unitCodes.length }),
  ].filter((part): part is string => part !== null);
  return parts.length === 0 ? null : parts.join('; ');
}

/** The first shopper's day and how many lookups: staff want the facts, not the shopper's sentence. */
function checksText({ checks }: TraceResult, t: TFunction, language: string): string | null {
  if (!checks) return null;
  const facts = t('support.checks.facts', { date: formatDay(checks.firstDay, language), count: checks.lookups });
  return checks.caution ? `${facts} · ${t('support.checks.caution')}` : facts;
}

/**
 * The facts of a found code in the language of `t`; `now` decides the expiry status; `pack`: what the code's
 * Digital Link said of the pack, checked against the record as the shopper's page checks it.
 */
export function rowFacts(result: TraceResult, t: TFunction, language: string, now: Date, pack?: PrintedPack): RowFacts {
  const item = traceItem(result);
  const expiry = expiryStatus(item.ExpireDate, now);
  return {
    name: productName(result),
    unit: rowText(unitName(item.ProductUnit), t, language),
    mfg: dateText(item.ProductDate, language),
    exp: dateText(item.ExpireDate, language),
    expiry,
    expiryText: expiryText(expiry, t, language),
    lotText: lotText(result, t),
    packingText: packingText(result, t),
    checksText: checksText(result, t, language),
    caution: result.checks?.caution ?? false,
    mismatches: pack ? mismatchTexts(packMismatches(pack, result), t, (day) => formatDay(day, language)) : [],
  };
}

/** A row's outcome in words. */
export function outcomeText(row: CheckedCode, t: TFunction): string {
  return t(`support.outcome.${row.outcome}`);
}
