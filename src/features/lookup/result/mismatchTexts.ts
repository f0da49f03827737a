import type { TFunction } from 'i18next';
import type { CalendarDay } from '@/contract/vietnamDay';
import type { PackMismatch } from './packMismatch';

/**
 * Each difference as one sentence ("the code on this pack says lot X; our record for this code says lot Y"),
 * for the page and the support desk alike; `day` writes a date in the reader's language.
 */
export function mismatchTexts(
  mismatches: readonly PackMismatch[],
  t: TFunction,
  day: (value: CalendarDay) => string,
): string[] {
  return mismatches.map((mismatch) =>
    mismatch.field === 'expiry'
      ? t('gs1.mismatch.expiry', { printed: day(mismatch.printed), recorded: day(mismatch.recorded) })
      : t(`gs1.mismatch.${mismatch.field}`, { printed: mismatch.printed, recorded: mismatch.recorded }),
  );
}
