import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { traceApi } from '@/api/traceApi';
import { UNITS_SHOWN_FIRST } from '@/api/traceResult';
import link from '@/shared/styles/link.module.css';
import textStyles from '@/shared/styles/text.module.css';
import { Button } from '@/shared/ui/Button';
import { recheckLink } from '../codeLink';
import styles from './UnitCodeList.module.css';

/** A carton can hold hundreds: the first ones show, the rest on request. */
export { UNITS_SHOWN_FIRST };
const TITLE_ID = 'unit-list-title';

/**
 * The codes of the units in a carton, each a link that looks it up. `total` is set when `codes` is not the
 * whole list (a big carton's server-rendered page): "Show all" then looks the carton up again for them,
 * as a re-check the service does not count.
 */
export function UnitCodeList({ carton, codes, total }: { carton: string; codes: readonly string[]; total?: number }) {
  const { t } = useTranslation();
  const [showAll, setShowAll] = useState(false);
  const [fetchAll, fetched] = traceApi.endpoints.traceFor.useMutation();
  const firstRevealed = useRef<HTMLAnchorElement>(null);
  const partial = total !== undefined && total > codes.length;
  // Only an answer that is itself whole (no unitTotal) stands for the whole list.
  const whole = fetched.data?.extras.unitTotal === undefined ? fetched.data?.extras.unitCodes : undefined;
  const allCodes = partial ? whole : codes;
  const revealed = showAll && allCodes !== undefined;
  const shown = revealed ? allCodes : codes.slice(0, UNITS_SHOWN_FIRST);
  const loading = showAll && partial && fetched.isLoading;
  const failed = showAll && partial && !fetched.isLoading && allCodes === undefined && !fetched.isUninitialized;

  // The button that was pressed is gone: focus goes on to the first code it revealed.
  useEffect(() => {
    if (revealed) firstRevealed.current?.focus();
  }, [revealed]);

  // aria-disabled, not disabled, while it loads: the focus stays on the button the shopper pressed.
  const showAllCodes = () => {
    if (loading) return;
    setShowAll(true);
    if (partial) void fetchAll({ code: carton, purpose: 'recheck' });
  };

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
      {failed && (
        <p role="alert" className={styles.failed}>
          {t('summary.unitsFailed')}
        </p>
      )}
      {!revealed && (total ?? codes.length) > UNITS_SHOWN_FIRST && (
        <Button
          variant="outlined"
          onClick={showAllCodes}
          aria-disabled={loading || undefined}
          aria-busy={loading || undefined}
          className={styles.showAll}
        >
          {loading
            ? t('summary.loadingUnits')
            : failed
              ? t('help.retry')
              : t('summary.showAllUnits', { count: total ?? codes.length })}
        </Button>
      )}
    </section>
  );
}
