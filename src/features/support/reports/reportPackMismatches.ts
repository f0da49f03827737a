import type { TFunction } from 'i18next';
import type { PrintedPack } from '@/contract/gs1/printedPack';
import type { ReportLot } from '@/contract/reports';
import { recordMismatches } from '@/features/lookup/onDemand';
import { formatDay } from '@/i18n/formatDay';

/**
 * Where a report's pack (what its Digital Link printed) disagrees with the code's stored lot, one sentence each for
 * staff: by the page's own comparison (recordMismatches), so the desk says what the shopper's page said. None when
 * the report came without a pack, the code is not in the data, or the two agree.
 */
export function reportPackMismatches(
  pack: PrintedPack | null,
  lot: ReportLot | null,
  t: TFunction,
  language: string,
): string[] {
  if (!pack || !lot) return [];
  const mismatches = recordMismatches(pack, { gtin: lot.gtin, lot: lot.lotCode, expiry: lot.expireDate });
  return mismatches.map((mismatch) =>
    mismatch.field === 'expiry'
      ? t('support.reports.facts.mismatch.expiry', {
          printed: formatDay(mismatch.printed, language),
          recorded: formatDay(mismatch.recorded, language),
        })
      : t(`support.reports.facts.mismatch.${mismatch.field}`, {
          printed: mismatch.printed,
          recorded: mismatch.recorded,
        }),
  );
}
