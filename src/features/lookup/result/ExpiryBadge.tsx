import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@/i18n/i18n';
import type { ExpiryStatus } from '@/shared/expiry/expiryStatus';
import { expiryText } from '@/i18n/expiryText';

// Text colours at 4.5:1 or more on their tints; the icon and the words carry the meaning as well.
const LOOKS: Record<ExpiryStatus['kind'], { Icon: SvgIconComponent; bgcolor: string; color: string }> = {
  valid: { Icon: CheckCircleOutline, bgcolor: '#edf7ed', color: '#1e4620' },
  expiringSoon: { Icon: WarningAmberOutlined, bgcolor: '#fff4e5', color: '#663c00' },
  expired: { Icon: ErrorOutline, bgcolor: '#fdeded', color: '#5f2120' },
  unknown: { Icon: HelpOutline, bgcolor: '#eef0f3', color: '#37404a' },
};

/** The product's expiry at a glance: a word, an icon and a colour, never the colour alone. */
export function ExpiryBadge({ status }: { status: ExpiryStatus }) {
  const { t, i18n } = useTranslation();
  const { Icon, ...colours } = LOOKS[status.kind];
  const text = expiryText(status, t, languageOf(i18n));
  const advice = status.kind === 'expired' ? t('expiry.expiredAdvice') : status.kind === 'unknown' ? t('expiry.unknownAdvice') : null;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', px: 1.5, py: 1, borderRadius: 1, ...colours }}>
      <Icon fontSize="small" sx={{ mt: '2px', flexShrink: 0 }} />
      <Box>
        <Typography sx={{ fontWeight: 600 }}>{text}</Typography>
        {advice && <Typography variant="body2">{advice}</Typography>}
      </Box>
    </Box>
  );
}
