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
 * `inline`: a link within the sentence that says when to contact (no icon, the line's own height).
 */
export function BrandContact({ onDark = false, inline = false }: { onDark?: boolean; inline?: boolean }) {
  const { t } = useTranslation();
  const className = classNames(link.link, inline ? styles.inline : styles.contact, onDark && styles.onDark);
  const icon = (shape: typeof PhoneOutlined) => !inline && <Icon shape={shape} size="small" />;
  if (brand.hotline) {
    return (
      <a href={`tel:${brand.hotline.replace(/[^\d+]/g, '')}`} className={className}>
        {icon(PhoneOutlined)}
        {t('help.hotline', { hotline: brand.hotline })}
      </a>
    );
  }
  return (
    <a href={brand.website} className={className} rel="noopener">
      {icon(LanguageOutlined)}
      {t('help.website', { brand: brand.name })}
    </a>
  );
}
