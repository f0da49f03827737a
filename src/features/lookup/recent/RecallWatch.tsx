import ReportOutlined from '@mui/icons-material/ReportOutlined?shape';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { traceApi } from '@/api/traceApi';
import type { TraceFailure } from '@/api/traceFailure';
import link from '@/shared/styles/link.module.css';
import textStyles from '@/shared/styles/text.module.css';
import { Button } from '@/shared/ui/Button';
import { useAppDispatch } from '@/store/hooks';
import { recheckLink } from '../codeLink';
import { MessageBox } from '../MessageBox';
import styles from './RecallWatch.module.css';
import { recallAlerts } from './recallAlerts';
import { runRecheckPass, type RecheckAnswer } from './recheckPass';
import type { RecentLookup } from './storedLookups';

const TITLE_ID = 'recall-watch-title';

const rateLimited = (error: unknown) =>
  typeof error === 'object' && error !== null && 'rateLimited' in (error as TraceFailure);

/** Re-checks a code as the recall watch: the service is told so and does not count it as a shopper's. */
function useRecheck() {
  const dispatch = useAppDispatch();
  return (signal: AbortSignal) =>
    async (code: string): Promise<RecheckAnswer> => {
      const request = dispatch(traceApi.endpoints.traceFor.initiate({ code, purpose: 'recheck' }, { track: false }));
      signal.addEventListener('abort', () => request.abort(), { once: true });
      const answer = await request;
      if (answer.data) return answer.data.extras.lot?.status ?? null;
      return rateLimited(answer.error) ? 'stop' : null;
    };
}

/**
 * The recall watch (loaded after the page is idle, never on its way to the first result or tap): the
 * lookups kept on this device are re-checked once a day, and a lot recalled since is announced under
 * the field and the result (the verdict on the pack in hand comes first on a phone), with a link to its
 * result, until the shopper dismisses it. Only the codes leave the device, marked as re-checks.
 */
export default function RecallWatch({ kept, current }: { kept: readonly RecentLookup[]; current: string | null }) {
  const { t } = useTranslation();
  const recheck = useRecheck();
  const alerts = useSyncExternalStore(recallAlerts.subscribe, recallAlerts.snapshot, recallAlerts.serverSnapshot);

  useEffect(() => {
    const controller = new AbortController();
    // A task later: StrictMode's trial unmount cancels this one before it starts, not midway.
    const timer = setTimeout(
      () =>
        void runRecheckPass({
          kept,
          current,
          lookUp: recheck(controller.signal),
          signal: controller.signal,
          now: new Date(),
        }),
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // One pass per page opened: the lookups kept when it opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const shown = alerts.filter(({ code }) => code.toUpperCase() !== current?.toUpperCase());
  if (shown.length === 0) return null;
  return (
    <MessageBox tone="error" icon={ReportOutlined} role="alert" labelledBy={TITLE_ID}>
      <div className={styles.watch}>
        <p id={TITLE_ID} className={`${textStyles.body} ${textStyles.strong}`}>
          {t('recallWatch.title', { count: shown.length })}
        </p>
        <p className={textStyles.body}>{t('recallWatch.advice', { count: shown.length })}</p>
        <ul className={styles.list}>
          {shown.map(({ code, name }) => (
            <li key={code}>
              <Link to={recheckLink(code)} className={`${link.link} ${styles.code}`}>
                {name && `${name} · `}
                <span className={textStyles.code}>{code}</span>
              </Link>
            </li>
          ))}
        </ul>
        <Button variant="outlined" color="inherit" onClick={() => recallAlerts.clear()}>
          {t('recallWatch.dismiss')}
        </Button>
      </div>
    </MessageBox>
  );
}
