import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined?shape';
import { useTranslation } from 'react-i18next';
import textStyles from '@/shared/styles/text.module.css';
import { brand } from '../../../../theme/brand';
import { MessageBox } from '../MessageBox';
import { BrandContact } from './BrandContact';
import styles from './ChecksCaution.module.css';

const TITLE_ID = 'checks-caution-title';

/**
 * Many networks looked this code up recently (the service's rule): a caution, never a verdict on the
 * pack. A copied code looks like that, and so does a family or a shop checking one can from home, work
 * and 4G: both reasons are said, then what to compare and when to call. Warning, not error.
 */
export function ChecksCaution({ hasPhoto }: { hasPhoto: boolean }) {
  const { t } = useTranslation();
  return (
    <MessageBox tone="warning" icon={WarningAmberOutlined} labelledBy={TITLE_ID} wrap>
      <div className={styles.text}>
        <h2 id={TITLE_ID} className={`${textStyles.h2} ${styles.title}`}>
          {t('checks.cautionTitle')}
        </h2>
        <p className={`${textStyles.body} ${textStyles.strong}`}>
          {t(hasPhoto ? 'checks.cautionCompare' : 'checks.cautionCompareNoPhoto')}
        </p>
        <p className={textStyles.body2}>{t('checks.cautionWhy')}</p>
        <p className={textStyles.body2}>
          {t('checks.cautionContact', { brand: brand.name })} <BrandContact inline />
        </p>
      </div>
    </MessageBox>
  );
}
