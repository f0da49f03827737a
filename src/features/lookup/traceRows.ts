import type { ParseKeys } from 'i18next';
import type { TraceBox, TraceProduct, WireValue } from '@/contract/traceContract';
import type { TraceResult } from '@/api/traceResult';
import { wireText } from '@/api/wireValues';
import type { CalendarDay } from '@/contract/vietnamDay';
import { parseWireDate } from '@/shared/dates/calendarDay';

/**
 * A cell: nothing yet ('Updating'), plain text as given, a catalogue text, or a date written per language.
 */
export type RowValue =
  null | { text: string } | { i18nKey: ParseKeys; params: Record<string, string | number> } | { date: CalendarDay };

export interface TraceRow {
  label: ParseKeys;
  value: RowValue;
}

type UnitId = 'can' | 'box' | 'carton' | 'bottle' | 'pack' | 'bag';

const UNIT_IDS: Record<string, UnitId> = {
  lon: 'can',
  hộp: 'box',
  thùng: 'carton',
  chai: 'bottle',
  lốc: 'pack',
  túi: 'bag',
};

const GRAM_WORDS = new Set(['gam', 'gram']);

/** Case, surrounding spaces and Unicode form (NFC or NFD) do not matter when matching words. */
function wordKey(value: string): string {
  return value.normalize('NFC').trim().toLowerCase();
}

function plain(value: WireValue): RowValue {
  const text = wireText(value);
  return text === null ? null : { text };
}

/** The table's packaging unit: the specification's translation of the service's word. */
export function unitValue(value: WireValue): RowValue {
  const given = wireText(value);
  if (given === null) return null;
  const unit = UNIT_IDS[wordKey(given)];
  return unit ? { i18nKey: `units.${unit}`, params: { given } } : { text: given };
}

/** The summary's packaging unit, as a word on its own ('Lon', 'Can'); an unknown word as given, capitalised. */
export function unitName(value: WireValue): RowValue {
  const given = wireText(value);
  if (given === null) return null;
  const unit = UNIT_IDS[wordKey(given)];
  return unit
    ? { i18nKey: `summary.unitName.${unit}`, params: {} }
    : { text: given.charAt(0).toLocaleUpperCase('vi') + given.slice(1) };
}

export function weightValue(weight: WireValue, weightType: WireValue): RowValue {
  const amount = wireText(weight);
  if (amount === null) return null;
  const type = wireText(weightType);
  if (type === null) return { text: amount };
  if (GRAM_WORDS.has(wordKey(type))) return { i18nKey: 'result.weightInGrams', params: { amount } };
  return { text: `${amount} ${type}` };
}

/** A readable date is written per language when shown; anything else as given, never guessed at. */
export function dateValue(value: WireValue): RowValue {
  const text = wireText(value);
  if (text === null) return null;
  const date = parseWireDate(text);
  return date ? { date } : { text };
}

/** A carton's count with its unit ('48 hộp'); anything that is not a whole number as given. */
export function packetValue(value: WireValue): RowValue {
  const text = wireText(value);
  if (text === null) return null;
  const count = Number(text);
  return Number.isInteger(count) && count >= 0 ? { i18nKey: 'result.packetCount', params: { count } } : { text };
}

export function productRows(product: TraceProduct): TraceRow[] {
  return [
    { label: 'result.qrCode', value: plain(product.Code) },
    { label: 'result.packagingUnit', value: unitValue(product.ProductUnit) },
    { label: 'result.productCode', value: plain(product.ProductCode) },
    { label: 'result.productName', value: plain(product.ProductName) },
    { label: 'result.netWeight', value: weightValue(product.Weight, product.WeightType) },
    { label: 'result.mfgDate', value: dateValue(product.ProductDate) },
    { label: 'result.expDate', value: dateValue(product.ExpireDate) },
  ];
}

export function boxRows(box: TraceBox): TraceRow[] {
  return [
    { label: 'result.qrCode', value: plain(box.Code) },
    { label: 'result.packagingUnit', value: unitValue(box.ProductUnit) },
    { label: 'result.productCode', value: plain(box.ProductCode) },
    { label: 'result.productName', value: plain(box.ProductName) },
    { label: 'result.mfgDate', value: dateValue(box.ProductDate) },
    { label: 'result.expDate', value: dateValue(box.ExpireDate) },
    { label: 'result.totalPacket', value: packetValue(box.TotalPacket) },
  ];
}

/**
 * The specification's rows. The recorded lookups are not repeated here: the summary says them once
 * (a count said twice, next to a caution, reads as a third warning).
 */
export function resultRows(result: TraceResult): TraceRow[] {
  return result.kind === 'box' ? boxRows(result.box) : productRows(result.product);
}
