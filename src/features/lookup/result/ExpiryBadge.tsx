import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined?shape';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined?shape';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined?shape';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined?shape';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@/i18n/i18n';
import type { ExpiryStatus } from '@/shared/expiry/expiryStatus';
import { expiryText } from '@/i18n/expiryText';
import textStyles from '@/shared/styles/text.module.css';
import { Icon } from '@/shared/ui/Icon';
import { expiryTones } from '@/shared/expiry/expiryTones';
import { statusTones } from '../../../../theme/statusTones';
import styles from './ExpiryBadge.module.css';

const ICONS: Record<ExpiryStatus['kind'], ReactNode> = {
  valid: CheckCircleOutline,
  expiringSoon: WarningAmberOutlined,
  expired: ErrorOutline,
  unknown: HelpOutline,
};

/**
 * The product's expiry at a glance: a word, an icon and a colour, never the colour alone. As the
 * result's verdict (`titleId` set) it is a named region whose title is the expiry.
 */
export function ExpiryBadge({ status, titleId }: { status: ExpiryStatus; titleId?: string }) {
  const { t, i18n } = useTranslation();
  const { text: color, tint } = statusTones[expiryTones[status.kind]];
  const advice =
    status.kind === 'expired'
      ? t('expiry.expiredAdvice')
      : status.kind === 'unknown'
        ? t('expiry.unknownAdvice')
        : null;
  return (
    <div
      role={titleId ? 'region' : undefined}
      aria-labelledby={titleId}
      className={styles.badge}
      style={{ backgroundColor: tint, color }}
    >
      <Icon shape={ICONS[status.kind]} size="small" />
      <div>
        <p id={titleId} className={`${textStyles.body} ${textStyles.strong}`}>
          {expiryText(status, t, languageOf(i18n))}
        </p>
        {advice && <p className={textStyles.body2}>{advice}</p>}
      </div>
    </div>
  );
}
