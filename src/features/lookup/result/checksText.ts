import type { TFunction } from 'i18next';
import type { CodeChecks } from '@/api/traceResult';
import { formatDay } from '@/i18n/formatDay';

/**
 * What the service counted, as the line under the code's standing: how many shoppers' lookups it
 * recorded since the code's first day. Only what the page knows: the count includes this shopper's own
 * lookups whenever they were counted, and says nothing of who or where (that is the caution's, which
 * the service decides over distinct networks). No count goes into a shared message: it would be stale
 * by the time a friend opens it.
 */
export function checksLine(checks: CodeChecks, t: TFunction, language: string): string {
  const date = formatDay(checks.firstDay, language);
  if (checks.lookups === 1) return t('checks.once', { date });
  return t('checks.since', { count: checks.lookups, date });
}
