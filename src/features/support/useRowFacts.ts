import { useTranslation } from 'react-i18next';
import { languageOf } from '@/i18n/i18n';
import type { CheckedCode } from './checkedCode';
import { rowFacts, type RowFacts } from './rowFacts';

/** A row's facts in the page's language, as of now (the expiry status counts days from today). */
export function useRowFacts(): (row: CheckedCode) => RowFacts | null {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n);
  const now = new Date();
  return (row) => (row.result ? rowFacts(row.result, t, language, now, row.pack) : null);
}
