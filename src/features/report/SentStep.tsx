import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_FONT } from '@/shared/codeFont';
import { StepHeading } from './StepHeading';

/** After sending: the reference to quote, what happens next, that a report is no verdict, and how to reach us. */
export function SentStep({ reference, contact }: { reference: string; contact: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pb: 2 }}>
      <StepHeading id="report-sent-title">{t('report.sent.title')}</StepHeading>
      <Box>
        <Typography variant="body2" color="text.secondary">
          {t('report.sent.reference')}
        </Typography>
        <Typography
          data-testid="report-reference"
          sx={{ ...CODE_FONT, fontSize: '1.5rem', fontWeight: 700, letterSpacing: '0.05em' }}
        >
          {reference}
        </Typography>
        <Typography>{t('report.sent.keep')}</Typography>
      </Box>
      <Typography>{t('report.sent.next')}</Typography>
      <Typography>{t('report.sent.notVerdict')}</Typography>
      <Box>
        <Typography>{t('report.sent.contact')}</Typography>
        {contact}
      </Box>
    </Box>
  );
}
