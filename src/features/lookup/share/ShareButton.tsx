import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined?shape';
import ShareOutlined from '@mui/icons-material/ShareOutlined?shape';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@/i18n/i18n';
import textStyles from '@/shared/styles/text.module.css';
import { Button } from '@/shared/ui/Button';
import field from '@/shared/ui/field.module.css';
import { Icon } from '@/shared/ui/Icon';
import styles from './ShareButton.module.css';
import { shareLink } from './shareLink';

type Outcome = { kind: 'none' } | { kind: 'copied' } | { kind: 'copyByHand'; link: string };

const MANUAL_ID = 'share-link';

/**
 * The phone's share sheet where it has one, else the link copied, with a confirmation; where neither
 * works (no clipboard over http, a refused permission) the link is shown to copy by hand. Both
 * languages render the same button on the server and in the browser: what it does is decided on click.
 * Only the link and the product's name are shared, no count: the friend's page shows the live facts.
 */
export function ShareButton({ code, name }: { code: string; name: string }) {
  const { t, i18n } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });

  const share = async () => {
    const link = shareLink(code, {
      origin: window.location.origin,
      language: languageOf(i18n),
      addressLanguage: new URLSearchParams(window.location.search).get('lng'),
      browserLanguages: navigator.languages ?? [navigator.language],
    });
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: t('share.title', { name }), url: link });
        return;
      } catch (error) {
        // Closing the sheet is the visitor's choice, not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      setOutcome({ kind: 'copied' });
    } catch {
      setOutcome({ kind: 'copyByHand', link });
    }
  };

  return (
    <div className={styles.share}>
      <Button variant="outlined" startIcon={<Icon shape={ShareOutlined} />} onClick={() => void share()}>
        {t('share.button')}
      </Button>
      <div aria-live="polite" className={styles.outcome}>
        {outcome.kind === 'copied' && (
          <p className={`${textStyles.body2} ${textStyles.strong} ${styles.copied}`}>
            <Icon shape={CheckCircleOutline} size="small" />
            {t('share.copied')}
          </p>
        )}
        {outcome.kind === 'copyByHand' && (
          <>
            <label htmlFor={MANUAL_ID} className={`${textStyles.body2} ${styles.manualLabel}`}>
              {t('share.copyFailed')}
            </label>
            <div className={`${field.box} ${field.small} ${styles.manual}`}>
              <input
                id={MANUAL_ID}
                className={field.input}
                value={outcome.link}
                readOnly
                onFocus={(event) => event.target.select()}
              />
            </div>
          </>
        )}
      </div>
    </div>
  );
}
