import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { PrintedPack } from '@/contract/gs1/printedPack';
import type { ReportFacts } from '@/contract/reports';
import { languageOf } from '@/i18n/i18n';
import { dayText } from './reportDates';
import { reportPackMismatches } from './reportPackMismatches';
import { statusTones } from '../../../../theme/statusTones';

/**
 * The code's facts beside a report: first check, lookups, the caution, the lot, and where the pack the shopper had
 * (`pack`, its Digital Link's GTIN, lot and expiry) disagrees with the record.
 */
export function ReportFactsList({ facts, pack }: { facts: ReportFacts; pack: PrintedPack | null }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n);
  const day = (value: string | null) => (value ? dayText(value, language) : '—');
  const warn = { color: statusTones.warning.text, fontWeight: 600 };
  const lot = facts.lot;
  return (
    <Box component="ul" aria-label={t('support.reports.facts.title')} sx={{ m: 0, pl: 2.5, '& li': { mb: 0.25 } }}>
      <li>
        {facts.firstCheck
          ? `${t('support.reports.facts.firstCheck', { date: day(facts.firstCheck) })} · ${t('support.reports.facts.lookups', { count: facts.lookups })}`
          : t('support.reports.facts.notChecked')}
      </li>
      {facts.caution && (
        <Box component="li" sx={warn}>
          {t('support.reports.facts.caution')}
        </Box>
      )}
      <li>
        {lot
          ? t('support.reports.facts.lot', {
              lot: lot.lotCode,
              product: lot.productName ?? lot.productCode,
              made: day(lot.productDate),
              expires: day(lot.expireDate),
            })
          : t('support.reports.facts.noLot')}
      </li>
      {lot?.lotStatus === 'recalled' && (
        <Box component="li" sx={warn}>
          {t('support.reports.facts.recalled')}
        </Box>
      )}
      {reportPackMismatches(pack, lot, t, language).map((mismatch) => (
        <Box component="li" key={mismatch} sx={warn}>
          {mismatch}
        </Box>
      ))}
    </Box>
  );
}
