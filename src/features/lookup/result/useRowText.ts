import type { TOptions } from 'i18next';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@/i18n/i18n';
import { formatDay } from '@/i18n/formatDay';
import type { RowValue } from '../traceRows';
import { checksSummary } from './checksText';

/** A row value as text in the page's language; null when there is none yet. */
export function useRowText(): (value: RowValue) => string | null {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n);
  return (value) => {
    if (value === null) return null;
    if ('text' in value) return value.text;
    if ('date' in value) return formatDay(value.date, language);
    if ('checks' in value) return checksSummary(value.checks, t, language);
    return t(value.i18nKey, value.params as TOptions);
  };
}
