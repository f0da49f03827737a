import DevicesOutlined from '@mui/icons-material/DevicesOutlined?shape';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined?shape';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { productName, traceItem, type TraceResult } from '@/api/traceResult';
import { languageOf } from '@/i18n/i18n';
import { expiryStatus } from '@/shared/expiry/expiryStatus';
import link from '@/shared/styles/link.module.css';
import textStyles from '@/shared/styles/text.module.css';
import { Icon } from '@/shared/ui/Icon';
import { brand } from '../../../../theme/brand';
import { codeLink } from '../codeLink';
import { ShareButton } from '../share/ShareButton';
import { unitName } from '../traceRows';
import { ChecksCaution } from './ChecksCaution';
import { checksLine, checksSummary } from './checksText';
import { ExpiryBadge } from './ExpiryBadge';
import { ProductPhoto } from './ProductPhoto';
import styles from './ResultSummary.module.css';
import { useRowText } from './useRowText';

const NAME_ID = 'result-name';

/** What a shopper reads in one second, above the table: the product, the code's standing, its expiry. */
export function ResultSummary({ result, answeredAt }: { result: TraceResult; answeredAt: number }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n);
  const rowText = useRowText();
  const item = traceItem(result);
  const name = productName(result);
  const unit = rowText(unitName(item.ProductUnit));
  const code = String(item.Code ?? '');
  const { imageUrl, carton } = result.extras;
  const { checks } = result;

  return (
    <section aria-labelledby={NAME_ID} className={styles.summary}>
      <div className={styles.product}>
        {imageUrl && (
          <ProductPhoto url={imageUrl} alt={name ? t('summary.photoAlt', { name }) : t('summary.photoAltUnnamed')} />
        )}
        <div className={styles.naming}>
          <h2 id={NAME_ID} className={`${textStyles.h2} ${styles.name}`}>
            {name ?? t('summary.nameMissing')}
          </h2>
          {unit && <p className={`${textStyles.body} ${textStyles.secondary} ${styles.unit}`}>{unit}</p>}
        </div>
      </div>
      <p className={`${textStyles.body} ${styles.line}`}>
        <Icon shape={TaskAltOutlined} size="small" color="primary" />
        {t('summary.statusLine', { brand: brand.name })}
      </p>
      {checks && (
        <p className={`${textStyles.body} ${styles.line} ${styles.checks}`}>
          <Icon shape={DevicesOutlined} size="small" color="action" />
          {checksLine(checks, t, language)}
        </p>
      )}
      {checks?.caution && <ChecksCaution hasPhoto={imageUrl !== null} />}
      <ExpiryBadge status={expiryStatus(item.ExpireDate, new Date(answeredAt))} />
      {carton && (
        <Link to={codeLink(carton.code)} className={`${link.link} ${styles.carton}`}>
          {carton.unitCount === null
            ? t('summary.inCartonUncounted', { carton: carton.code })
            : t('summary.inCarton', { carton: carton.code, count: carton.unitCount })}
        </Link>
      )}
      <ShareButton code={code} name={name ?? code} text={checks ? checksSummary(checks, t, language) : undefined} />
    </section>
  );
}
