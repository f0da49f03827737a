import ReportOutlined from '@mui/icons-material/ReportOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LotInfo } from '@/api/traceResult';
import { brand } from '../../../../theme/brand';
import { HotlineLink } from './HotlineLink';

const TITLE_ID = 'recall-title';

/** A recalled lot, before anything else about the product: what happened, why, and what to do. */
export function RecallBanner({ lot }: { lot: LotInfo }) {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-labelledby={TITLE_ID}
      sx={{ display: 'flex', gap: 1.5, p: 2, borderRadius: 1, bgcolor: 'error.main', color: '#fff' }}
    >
      <ReportOutlined sx={{ mt: '2px' }} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Typography id={TITLE_ID} variant="h2" component="h2" sx={{ color: 'inherit' }}>
          {t('labels.status')}: {t('recall.title')}
        </Typography>
        {lot.reason && <Typography>{t('recall.reason', { reason: lot.reason })}</Typography>}
        <Typography>{t('recall.advice', { brand: brand.name })}</Typography>
        {brand.hotline && <HotlineLink hotline={brand.hotline} onDark />}
      </Box>
    </Box>
  );
}
