import { useTranslation } from 'react-i18next';
import { languageOf } from '@/i18n/i18n';
import type { RowValue } from '../traceRows';
import { rowText } from './rowText';

/** rowText in the page's language; null when there is no value yet. */
export function useRowText(): (value: RowValue) => string | null {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n);
  return (value) => rowText(value, t, language);
}
