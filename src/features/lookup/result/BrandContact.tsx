import LanguageOutlined from '@mui/icons-material/LanguageOutlined?shape';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined?shape';
import { useTranslation } from 'react-i18next';
import link from '@/shared/styles/link.module.css';
import { classNames } from '@/shared/ui/classNames';
import { Icon } from '@/shared/ui/Icon';
import { brand } from '../../../../theme/brand';
import styles from './BrandContact.module.css';

/**
 * A way to reach the brand wherever a text says "contact the brand": the hotline as a link that dials
 * it on a phone, else the brand's website (a page that says "contact us" and offers no way is a dead end).
 */
export function BrandContact({ onDark = false }: { onDark?: boolean }) {
  const { t } = useTranslation();
  const className = classNames(link.link, styles.contact, onDark && styles.onDark);
  if (brand.hotline) {
    return (
      <a href={`tel:${brand.hotline.replace(/[^\d+]/g, '')}`} className={className}>
        <Icon shape={PhoneOutlined} size="small" />
        {t('help.hotline', { hotline: brand.hotline })}
      </a>
    );
  }
  return (
    <a href={brand.website} className={className} rel="noopener">
      <Icon shape={LanguageOutlined} size="small" />
      {t('help.website', { brand: brand.name })}
    </a>
  );
}
