import HistoryOutlined from '@mui/icons-material/HistoryOutlined?shape';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined?shape';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined?shape';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { productName, traceItem, type TraceResult } from '@/api/traceResult';
import { languageOf } from '@/i18n/i18n';
import link from '@/shared/styles/link.module.css';
import textStyles from '@/shared/styles/text.module.css';
import { Icon } from '@/shared/ui/Icon';
import { brand } from '../../../../theme/brand';
import { recheckLink } from '../codeLink';
import { ShareButton } from '../share/ShareButton';
import { unitName } from '../traceRows';
import { checksLine } from './checksText';
import { ExpiryBadge } from './ExpiryBadge';
import { ProductPhoto } from './ProductPhoto';
import styles from './ResultSummary.module.css';
import { useRowText } from './useRowText';
import type { Verdict } from './verdictOf';

const NAME_ID = 'result-name';

/**
 * The product under its verdict: photo, name, unit, the code's standing, the recorded lookups, the
 * expiry when the verdict was about something else, the carton, Share. The standing's tick only when
 * nothing more severe was said above: a tick beside a recall or an expired date reads as "safe".
 */
export function ResultSummary({ result, verdict }: { result: TraceResult; verdict: Verdict }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n);
  const rowText = useRowText();
  const item = traceItem(result);
  const name = productName(result);
  const unit = rowText(unitName(item.ProductUnit));
  const code = String(item.Code ?? '');
  const { imageUrl, carton } = result.extras;
  const { checks } = result;
  const reassuring = verdict.kind === 'expiry' && verdict.expiry.kind !== 'expired';

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
        {reassuring ? (
          <Icon shape={TaskAltOutlined} size="small" color="primary" />
        ) : (
          <Icon shape={QrCode2Outlined} size="small" color="action" />
        )}
        {t('summary.statusLine', { brand: brand.name })}
      </p>
      {checks && (
        <p className={`${textStyles.body} ${styles.line} ${styles.checks}`}>
          <Icon shape={HistoryOutlined} size="small" color="action" />
          {checksLine(checks, t, language)}
        </p>
      )}
      {/* Under a caution the expiry still matters; under a recall it is left to the table: no "in date" here. */}
      {verdict.kind === 'caution' && <ExpiryBadge status={verdict.expiry} />}
      {carton && (
        <Link to={recheckLink(carton.code)} className={`${link.link} ${styles.carton}`}>
          {carton.unitCount === null
            ? t('summary.inCartonUncounted', { carton: carton.code })
            : t('summary.inCarton', { carton: carton.code, count: carton.unitCount })}
        </Link>
      )}
      <ShareButton code={code} name={name ?? code} />
    </section>
  );
}
