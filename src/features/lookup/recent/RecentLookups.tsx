import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined?shape';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined?shape';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import textStyles from '@/shared/styles/text.module.css';
import { Button } from '@/shared/ui/Button';
import { Icon } from '@/shared/ui/Icon';
import { recheckLink } from '../codeLink';
import { recallAlerts } from './recallAlerts';
import styles from './RecentLookups.module.css';
import { recentLookups } from './storedLookups';

const TITLE_ID = 'recent-title';

/**
 * This device's last lookups, one tap to look again; the one on screen is left out. Shown once the page
 * runs: the server cannot know them.
 */
export function RecentLookups({ current, afterClear }: { current: string | null; afterClear: () => void }) {
  const { t } = useTranslation();
  const kept = useSyncExternalStore(recentLookups.subscribe, recentLookups.snapshot, recentLookups.serverSnapshot);
  const list = kept.filter(({ code }) => code.toUpperCase() !== current?.toUpperCase());
  if (list.length === 0) return null;
  return (
    <section aria-labelledby={TITLE_ID} className={styles.section}>
      <div className={styles.heading}>
        <h2 id={TITLE_ID} className={`${textStyles.h2} ${styles.title}`}>
          <Icon shape={HistoryOutlined} size="small" />
          {t('recent.title')}
        </h2>
        <Button
          color="inherit"
          startIcon={<Icon shape={DeleteOutline} />}
          onClick={() => {
            // The recall watch's alerts are part of the history: cleared with it.
            recentLookups.clear();
            recallAlerts.clear();
            afterClear();
          }}
        >
          {t('recent.clear')}
        </Button>
      </div>
      <ul className={styles.list}>
        {list.map(({ code, name, lot }) => (
          <li key={code}>
            <Link to={recheckLink(code)} className={styles.entry}>
              <span className={styles.name}>{name ?? t('recent.unnamed')}</span>
              {/* Kept with the entry until the history is cleared: the recall watch's banner can be dismissed. */}
              {lot === 'recalled' && <span className={styles.recalled}>{t('recent.recalled')}</span>}
              <span className={`${textStyles.body2} ${textStyles.secondary} ${textStyles.code} ${styles.code}`}>
                {code}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className={`${textStyles.body2} ${textStyles.secondary}`}>{t('recent.note')}</p>
    </section>
  );
}
