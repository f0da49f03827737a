import type { TFunction, TOptions } from 'i18next';
import { formatDay } from '@/i18n/formatDay';
import type { RowValue } from '../traceRows';

/** A row value as text in the language of `t`: the page's table and summary and the support desk write it alike. */
export function rowText(value: RowValue, t: TFunction, language: string): string | null {
  if (value === null) return null;
  if ('text' in value) return value.text;
  if ('date' in value) return formatDay(value.date, language);
  return t(value.i18nKey, value.params as TOptions);
}
