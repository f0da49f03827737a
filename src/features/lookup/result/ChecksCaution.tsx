import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { brand } from '../../../../theme/brand';
import { MessageBox } from '../MessageBox';
import { HotlineLink } from './HotlineLink';

const TITLE_ID = 'checks-caution-title';

/**
 * Many devices have checked this code: a caution, never a verdict (a shared can, a shop's display, a
 * code looked up from a photo online are many devices too). It says what the shopper can compare, and
 * whom to ask. Warning, not error: the product may well be genuine.
 */
export function ChecksCaution({ hasPhoto }: { hasPhoto: boolean }) {
  const { t } = useTranslation();
  return (
    <MessageBox tone="warning" Icon={WarningAmberOutlined} labelledBy={TITLE_ID}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, alignItems: 'flex-start' }}>
        <Typography id={TITLE_ID} sx={{ fontWeight: 600 }}>
          {t('checks.cautionTitle')}
        </Typography>
        <Typography>{t(hasPhoto ? 'checks.caution' : 'checks.cautionNoPhoto', { brand: brand.name })}</Typography>
        {brand.hotline && <HotlineLink hotline={brand.hotline} />}
      </Box>
    </MessageBox>
  );
}
