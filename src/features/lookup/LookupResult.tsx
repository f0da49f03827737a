import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined?shape';
import { useTranslation } from 'react-i18next';
import textStyles from '@/shared/styles/text.module.css';
import { Button } from '@/shared/ui/Button';
import { Spinner } from '@/shared/ui/Spinner';
import { brand } from '../../../theme/brand';
import type { PrintedPack } from '@/contract/gs1/printedPack';
import type { FailureMessage, LookupView } from './lookupView';
import { MessageBox } from './MessageBox';
import { ResultIsland } from './ResultIsland';
import styles from './LookupResult.module.css';
import { BrandContact } from './result/BrandContact';
import { ReportAction } from './result/ReportAction';

/** What the visitor can do from a failed lookup or scan. */
export interface ResultActions {
  choosePhoto: () => void;
  typeCode: () => void;
  startCamera: () => void;
  /** Looks the address's code up again. */
  retry: () => void;
}

/** The next steps a message offers: other ways in after a scan, what to check when not found, a retry. */
function NextSteps({
  message,
  actions,
  code,
  pack,
}: {
  message: FailureMessage;
  actions: ResultActions;
  code: string | null;
  pack: PrintedPack | null;
}) {
  const { t } = useTranslation();
  if (message.offerAlternatives) {
    return (
      <div className={styles.choices}>
        <Button variant="outlined" color="inherit" onClick={actions.choosePhoto}>
          {t('lookup.choosePhoto')}
        </Button>
        <Button variant="outlined" color="inherit" onClick={actions.typeCode}>
          {t('lookup.typeCode')}
        </Button>
      </div>
    );
  }
  if (message.key === 'errors.noProducts') {
    return (
      <div className={styles.steps}>
        <p className={textStyles.body}>{t('help.checkCode')}</p>
        <Button variant="outlined" color="inherit" onClick={actions.startCamera}>
          {t('help.tryCamera')}
        </Button>
        <p className={textStyles.body2}>{t('help.notFoundContact', { brand: brand.name })}</p>
        <BrandContact />
        {code && <ReportAction code={code} pack={pack} />}
      </div>
    );
  }
  return (
    <div className={styles.steps}>
      <p className={textStyles.body}>{t('help.retryHint')}</p>
      <Button variant="outlined" color="inherit" onClick={actions.retry}>
        {t('help.retry')}
      </Button>
    </div>
  );
}

interface LookupResultProps {
  view: LookupView;
  actions: ResultActions;
  /** The code looked up: "No products found" offers to report it. */
  code: string | null;
  /** What the pack's Digital Link says, when the code came from one: the result checks it against the record. */
  pack?: PrintedPack | null;
}

/** Exactly one block under the input: loading, an error, the result, or nothing to show. */
export function LookupResult({ view, actions, code, pack = null }: LookupResultProps) {
  const { t } = useTranslation();
  switch (view.name) {
    case 'loading':
      return (
        <div role="status" className={styles.loading}>
          <Spinner label={t('lookup.loading')} />
          <p className={textStyles.body}>{t('lookup.loading')}</p>
        </div>
      );
    case 'error':
      return (
        <MessageBox role="alert" tone="error" icon={ErrorOutline} wrap>
          <div className={styles.failure}>
            <p className={`${textStyles.body} ${textStyles.strong} ${styles.failureText}`}>
              {t(view.message.key, view.message.params)}
            </p>
            <NextSteps message={view.message} actions={actions} code={code} pack={pack} />
          </div>
        </MessageBox>
      );
    case 'result':
      return <ResultIsland result={view.result} answeredAt={view.answeredAt} pack={pack} />;
    case 'empty':
      // The specification's words, muted under a hint: alone, on an empty page, they read like an error.
      return (
        <div>
          <p className={textStyles.body}>{t('lookup.hint')}</p>
          <p className={`${textStyles.body2} ${textStyles.secondary}`}>{t('lookup.noInformation')}</p>
        </div>
      );
  }
}
