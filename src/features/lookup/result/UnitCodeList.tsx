import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import link from '@/shared/styles/link.module.css';
import textStyles from '@/shared/styles/text.module.css';
import { Button } from '@/shared/ui/Button';
import { recheckLink } from '../codeLink';
import styles from './UnitCodeList.module.css';

/** A carton can hold hundreds: the first ones show, the rest on request. */
export const UNITS_SHOWN_FIRST = 10;
const TITLE_ID = 'unit-list-title';

/** The codes of the units in a carton, each a link that looks it up. */
export function UnitCodeList({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();
  const [showAll, setShowAll] = useState(false);
  const firstRevealed = useRef<HTMLAnchorElement>(null);
  const shown = showAll ? codes : codes.slice(0, UNITS_SHOWN_FIRST);

  // The button that was pressed is gone: focus goes on to the first code it revealed.
  useEffect(() => {
    if (showAll) firstRevealed.current?.focus();
  }, [showAll]);

  return (
    <section aria-labelledby={TITLE_ID} className={styles.section}>
      <h2 id={TITLE_ID} className={textStyles.h2}>
        {t('labels.canList')}
      </h2>
      <ul className={styles.list}>
        {shown.map((code, index) => (
          <li key={code}>
            <Link
              ref={index === UNITS_SHOWN_FIRST ? firstRevealed : undefined}
              to={recheckLink(code)}
              className={`${link.link} ${textStyles.code} ${styles.code}`}
            >
              {code}
            </Link>
          </li>
        ))}
      </ul>
      {!showAll && codes.length > UNITS_SHOWN_FIRST && (
        <Button variant="outlined" onClick={() => setShowAll(true)} className={styles.showAll}>
          {t('summary.showAllUnits', { count: codes.length })}
        </Button>
      )}
    </section>
  );
}
