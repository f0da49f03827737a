import PhoneOutlined from '@mui/icons-material/PhoneOutlined?shape';
import { useTranslation } from 'react-i18next';
import link from '@/shared/styles/link.module.css';
import { classNames } from '@/shared/ui/classNames';
import { Icon } from '@/shared/ui/Icon';
import styles from './HotlineLink.module.css';

/** The brand's hotline as a link that dials it on a phone. */
export function HotlineLink({ hotline, onDark = false }: { hotline: string; onDark?: boolean }) {
  const { t } = useTranslation();
  return (
    <a
      href={`tel:${hotline.replace(/[^\d+]/g, '')}`}
      className={classNames(link.link, styles.hotline, onDark && styles.onDark)}
    >
      <Icon shape={PhoneOutlined} size="small" />
      {t('help.hotline', { hotline })}
    </a>
  );
}
