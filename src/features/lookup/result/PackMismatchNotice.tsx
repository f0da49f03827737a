import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined?shape';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@/i18n/formatDay';
import { languageOf } from '@/i18n/i18n';
import textStyles from '@/shared/styles/text.module.css';
import { brand } from '../../../../theme/brand';
import { MessageBox } from '../MessageBox';
import { BrandContact } from './BrandContact';
import styles from './PackMismatchNotice.module.css';
import { mismatchTexts } from './mismatchTexts';
import type { PackMismatch } from './packMismatch';

const TITLE_ID = 'pack-mismatch-title';

/**
 * The verdict when the pack's own code (its Digital Link's GTIN, lot or expiry) contradicts the record of
 * its serial: each difference said plainly, both values, then what it may mean and whom to ask. An error's
 * tone: a genuine pack carries what its record says, and counts of lookups cannot show this.
 */
export function PackMismatchNotice({ mismatches }: { mismatches: readonly PackMismatch[] }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n);
  return (
    <MessageBox tone="error" icon={GppMaybeOutlined} labelledBy={TITLE_ID} wrap>
      <div className={styles.text}>
        <h2 id={TITLE_ID} className={`${textStyles.h2} ${styles.title}`}>
          {t('gs1.mismatch.title')}
        </h2>
        <ul className={styles.list}>
          {mismatchTexts(mismatches, t, (day) => formatDay(day, language)).map((text) => (
            <li key={text} className={`${textStyles.body} ${textStyles.strong}`}>
              {text}
            </li>
          ))}
        </ul>
        <p className={textStyles.body2}>
          {t('gs1.mismatch.why', { brand: brand.name })} <BrandContact inline />
        </p>
      </div>
    </MessageBox>
  );
}
