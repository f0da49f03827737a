import ReportOutlined from '@mui/icons-material/ReportOutlined?shape';
import { useTranslation } from 'react-i18next';
import type { LotInfo } from '@/api/traceResult';
import textStyles from '@/shared/styles/text.module.css';
import { Icon } from '@/shared/ui/Icon';
import { brand } from '../../../../theme/brand';
import { BrandContact } from './BrandContact';
import styles from './RecallBanner.module.css';

const TITLE_ID = 'recall-title';

/** The verdict of a recalled lot, before anything else about the product: what happened, why, what to do. */
export function RecallBanner({ lot }: { lot: LotInfo }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={TITLE_ID} className={styles.banner}>
      <Icon shape={ReportOutlined} />
      <div className={styles.text}>
        <h2 id={TITLE_ID} className={`${textStyles.h2} ${styles.title}`}>
          {t('recall.title')}
        </h2>
        <p className={`${textStyles.body} ${textStyles.strong}`}>{t('recall.advice', { brand: brand.name })}</p>
        {lot.reason && <p className={textStyles.body}>{t('recall.reason', { reason: lot.reason })}</p>}
        <div className={styles.contact}>
          <BrandContact onDark />
        </div>
      </div>
    </section>
  );
}
