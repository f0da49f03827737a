import type { TFunction } from 'i18next';
import type { TraceResult } from '@/api/traceResult';
import { unitName, type RowValue } from '@/features/lookup/traceRows';
import { parseWireDate } from '@/shared/dates/calendarDay';
import { formatDay } from '@/shared/dates/formatDay';
import { expiryStatus, type ExpiryStatus } from '@/shared/expiry/expiryStatus';
import { expiryText } from '@/shared/expiry/expiryText';
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
}

function filled(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

function valueText(value: RowValue, t: TFunction): string | null {
  if (value === null) return null;
  if ('text' in value) return value.text;
  if ('date' in value) return null;
  return t(value.i18nKey, value.params);
}

/** A date as the pack prints it, written per language; anything unreadable as the service sent it. */
function dateText(value: unknown, language: string): string | null {
  const day = parseWireDate(value);
  return day ? formatDay(day, language) : filled(value);
}

function lotText({ extras }: TraceResult, t: TFunction): string | null {
  if (!extras.lot) return null;
  if (extras.lot.status === 'active') return t('support.lot.active');
  return extras.lot.reason ? t('support.lot.recalledWithReason', { reason: extras.lot.reason }) : t('support.lot.recalled');
}

function packingText({ extras }: TraceResult, t: TFunction): string | null {
  if (extras.carton) return t('support.packing.inCarton', { carton: extras.carton.code });
  if (extras.unitCodes.length > 0) return t('support.packing.units', { count: extras.unitCodes.length });
  return null;
}

/** The facts of a found code in the language of `t`; `now` decides the expiry status. */
export function rowFacts(result: TraceResult, t: TFunction, language: string, now: Date): RowFacts {
  const item = result.kind === 'box' ? result.box : result.product;
  const expiry = expiryStatus(item.ExpireDate, now);
  return {
    name: filled(item.ProductName),
    unit: valueText(unitName(item.ProductUnit), t),
    mfg: dateText(item.ProductDate, language),
    exp: dateText(item.ExpireDate, language),
    expiry,
    expiryText: expiryText(expiry, t, language),
    lotText: lotText(result, t),
    packingText: packingText(result, t),
  };
}

/** A row's outcome in words. */
export function outcomeText(row: CheckedCode, t: TFunction): string {
  return t(`support.outcome.${row.outcome}`);
}
