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
import { expiryTones, statusTones } from '../../../../theme/statusTones';

const ICONS: Record<ExpiryStatus['kind'], SvgIconComponent> = {
  valid: CheckCircleOutline,
  expiringSoon: WarningAmberOutlined,
  expired: ErrorOutline,
  unknown: HelpOutline,
};

/** The product's expiry at a glance: a word, an icon and a colour, never the colour alone. */
export function ExpiryBadge({ status }: { status: ExpiryStatus }) {
  const { t, i18n } = useTranslation();
  const Icon = ICONS[status.kind];
  const { text: color, tint } = statusTones[expiryTones[status.kind]];
  const text = expiryText(status, t, languageOf(i18n));
  const advice =
    status.kind === 'expired'
      ? t('expiry.expiredAdvice')
      : status.kind === 'unknown'
        ? t('expiry.unknownAdvice')
        : null;
  return (
    <Box
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', px: 1.5, py: 1, borderRadius: 1, bgcolor: tint, color }}
    >
      <Icon fontSize="small" sx={{ mt: '2px', flexShrink: 0 }} />
      <Box>
        <Typography sx={{ fontWeight: 600 }}>{text}</Typography>
        {advice && <Typography variant="body2">{advice}</Typography>}
      </Box>
    </Box>
  );
}
