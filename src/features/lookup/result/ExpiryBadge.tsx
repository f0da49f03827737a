import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@/i18n/i18n';
import { formatDay } from '@/shared/dates/formatDay';
import type { ExpiryStatus } from '@/shared/expiry/expiryStatus';

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
  let text: string;
  let advice: string | null = null;
  switch (status.kind) {
    case 'valid':
      text = t('expiry.valid', { count: status.daysLeft });
      break;
    case 'expiringSoon':
      text = status.daysLeft === 0 ? t('expiry.today') : t('expiry.soon', { count: status.daysLeft });
      break;
    case 'expired':
      text = t('expiry.expired', { date: formatDay(status.since, languageOf(i18n)) });
      advice = t('expiry.expiredAdvice');
      break;
    case 'unknown':
      text = t('expiry.unknown');
      advice = t('expiry.unknownAdvice');
  }
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
