import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StaffReport } from '@/contract/reports';
import { codeLink } from '@/features/lookup';
import { languageOf } from '@/i18n/i18n';
import { CODE_FONT } from '@/shared/codeFont';
import { linkSx } from '@/shared/linkSx';
import { CloseReport } from './CloseReport';
import { dayText, hourText } from './reportDates';
import { ReportFactsList } from './ReportFactsList';
import { ReportPhoto } from './ReportPhoto';

interface ReportCardProps {
  report: StaffReport;
  staffKey: string;
  onClosed: (reference: string) => void;
}

/** One report: what the shopper gave (as text, never markup), the code's facts beside it, and closing it. */
export function ReportCard({ report, staffKey, onClosed }: ReportCardProps) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n);
  const given = (label: string, value: string | null) =>
    value && (
      <>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </>
    );
  return (
    <Box
      component="article"
      aria-label={report.reference}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 1.5,
        bgcolor: 'background.paper',
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
      }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, alignItems: 'baseline' }}>
          <Typography component="h3" sx={{ ...CODE_FONT, fontWeight: 700 }}>
            {report.reference}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('support.reports.sentAt', { time: hourText(report.createdHour, language) })}
          </Typography>
        </Box>
        <Typography sx={{ fontWeight: 600 }}>{t(`report.reasons.${report.reason}`)}</Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 1.5,
            rowGap: 0.5,
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, overflowWrap: 'anywhere' },
          }}
        >
          <dt>{t('labels.code')}</dt>
          <dd>
            <Box
              component="a"
              href={codeLink(report.code)}
              target="_blank"
              rel="noopener"
              sx={{ ...linkSx, ...CODE_FONT }}
            >
              {report.code}
            </Box>
          </dd>
          <dt>{t('support.reports.province')}</dt>
          <dd>{t(`report.provinces.${report.province}`)}</dd>
          {given(t('labels.name'), report.shop)}
          {given(t('labels.address'), report.address)}
          {given(t('report.boughtOn'), report.boughtOn && dayText(report.boughtOn, language))}
          {given(t('report.phone'), report.phone)}
        </Box>
        {report.hasPhoto && <ReportPhoto reference={report.reference} staffKey={staffKey} />}
        {report.status === 'open' ? (
          <CloseReport reference={report.reference} staffKey={staffKey} onClosed={onClosed} />
        ) : (
          report.closedNote && <Typography variant="body2">{report.closedNote}</Typography>
        )}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
          {t('support.reports.facts.title')}
        </Typography>
        <ReportFactsList facts={report.facts} pack={report.pack} />
      </Box>
    </Box>
  );
}
