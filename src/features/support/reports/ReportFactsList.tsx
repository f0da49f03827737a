import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { ReportFacts } from '@/contract/reports';
import { languageOf } from '@/i18n/i18n';
import { dayText } from './reportDates';
import { statusTones } from '../../../../theme/statusTones';

/** The code's facts beside a report: first check, lookups, the caution, the lot, a pack mismatch. */
export function ReportFactsList({ facts }: { facts: ReportFacts }) {
  const { t, i18n } = useTranslation();
  const day = (value: string | null) => (value ? dayText(value, languageOf(i18n)) : '—');
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
      {facts.packMismatch && (
        <Box component="li" sx={warn}>
          {t('support.reports.facts.mismatch', { mismatch: facts.packMismatch })}
        </Box>
      )}
    </Box>
  );
}
