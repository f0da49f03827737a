import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { ReportFacts } from '@/contract/reports';
import { statusTones } from '../../../../theme/statusTones';

/** The code's facts beside a report: first check, lookups, the caution, the lot, a pack mismatch. */
export function ReportFactsList({ facts }: { facts: ReportFacts }) {
  const { t } = useTranslation();
  const warn = { color: statusTones.warning.text, fontWeight: 600 };
  const lot = facts.lot;
  return (
    <Box component="ul" aria-label={t('support.reports.facts.title')} sx={{ m: 0, pl: 2.5, '& li': { mb: 0.25 } }}>
      <li>
        {facts.firstCheck
          ? `${t('support.reports.facts.firstCheck', { date: facts.firstCheck })} · ${t('support.reports.facts.lookups', { count: facts.lookups })}`
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
              product: lot.productName ?? lot.productCode,
              made: lot.productDate ?? '—',
              expires: lot.expireDate ?? '—',
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
