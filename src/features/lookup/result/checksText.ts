import type { TFunction } from 'i18next';
import type { CodeChecks } from '@/api/traceResult';
import { formatDay } from '@/i18n/formatDay';

/**
 * What the service counted, as the line under the status line: the code's first check, or on how many
 * devices it was checked since its first day. Devices, not lookups: a family scanning one can twice is
 * one phone, and many phones is what a copied code looks like.
 */
export function checksLine(checks: CodeChecks, t: TFunction, language: string): string {
  if (checks.lookups === 1) return t('checks.first');
  return t('checks.since', { count: checks.devices, date: formatDay(checks.firstDay, language) });
}

/** The same facts in one text, the caution folded in: the table's row and the shared text. */
export function checksSummary(checks: CodeChecks, t: TFunction, language: string): string {
  const line = checksLine(checks, t, language);
  return checks.caution ? t('checks.withCaution', { checks: line }) : line;
}
