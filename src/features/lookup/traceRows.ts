import type { ParseKeys } from 'i18next';
import type { TraceBox, TraceProduct, WireValue } from '@/api/traceContract';
import type { TraceResult } from '@/api/traceResult';

/** A cell: nothing yet ('Updating'), plain text as given, or a catalogue text. */
export type RowValue = null | { text: string } | { i18nKey: ParseKeys; params: Record<string, string> };

export interface TraceRow {
  label: ParseKeys;
  value: RowValue;
}

const UNIT_KEYS: Record<string, ParseKeys> = {
  lon: 'units.can',
  hộp: 'units.box',
  thùng: 'units.carton',
  chai: 'units.bottle',
  lốc: 'units.pack',
  túi: 'units.bag',
};

const GRAM_WORDS = new Set(['gam', 'gram']);

/** Case, surrounding spaces and Unicode form (NFC or NFD) do not matter when matching words. */
function wordKey(value: string): string {
  return value.normalize('NFC').trim().toLowerCase();
}

function textOf(value: WireValue): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

function plain(value: WireValue): RowValue {
  const text = textOf(value);
  return text === null ? null : { text };
}

export function unitValue(value: WireValue): RowValue {
  const given = textOf(value);
  if (given === null) return null;
  const key = UNIT_KEYS[wordKey(given)];
  return key ? { i18nKey: key, params: { given } } : { text: given };
}

export function weightValue(weight: WireValue, weightType: WireValue): RowValue {
  const amount = textOf(weight);
  if (amount === null) return null;
  const type = textOf(weightType);
  if (type === null) return { text: amount };
  if (GRAM_WORDS.has(wordKey(type))) return { i18nKey: 'result.weightInGrams', params: { amount } };
  return { text: `${amount} ${type}` };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** ISO dates show as dd/MM/yyyy, by the calendar date written (no time-zone shift); anything else as given. */
export function dateValue(value: WireValue): RowValue {
  const text = textOf(value);
  if (text === null) return null;
  const match = ISO_DATE.exec(text);
  if (!match) return { text };
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const real = date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
  return real ? { text: `${day}/${month}/${year}` } : { text };
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
    { label: 'result.totalPacket', value: plain(box.TotalPacket) },
  ];
}

export function resultRows(result: TraceResult): TraceRow[] {
  return result.kind === 'box' ? boxRows(result.box) : productRows(result.product);
}
