import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined?shape';
import { useTranslation } from 'react-i18next';
import textStyles from '@/shared/styles/text.module.css';
import { brand } from '../../../../theme/brand';
import { MessageBox } from '../MessageBox';
import styles from './ChecksCaution.module.css';
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
    <MessageBox tone="warning" icon={WarningAmberOutlined} labelledBy={TITLE_ID}>
      <div className={styles.text}>
        <p id={TITLE_ID} className={`${textStyles.body} ${textStyles.strong}`}>
          {t('checks.cautionTitle')}
        </p>
        <p className={textStyles.body}>
          {t(hasPhoto ? 'checks.caution' : 'checks.cautionNoPhoto', { brand: brand.name })}
        </p>
        {brand.hotline && <HotlineLink hotline={brand.hotline} />}
      </div>
    </MessageBox>
  );
}
