import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { brand } from '../../../theme/brand';
import type { FailureMessage, LookupView } from './lookupView';
import { MessageBox } from './MessageBox';
import { ResultIsland } from './ResultIsland';
import { HotlineLink } from './result/HotlineLink';

/** What the visitor can do from a failed lookup or scan. */
export interface ResultActions {
  choosePhoto: () => void;
  typeCode: () => void;
  startCamera: () => void;
  /** Looks the address's code up again. */
  retry: () => void;
}

const actionSx = { minHeight: 44 };

/** The next steps a message offers: other ways in after a scan, what to check when not found, a retry. */
function NextSteps({ message, actions }: { message: FailureMessage; actions: ResultActions }) {
  const { t } = useTranslation();
  if (message.offerAlternatives) {
    return (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" color="inherit" onClick={actions.choosePhoto} sx={actionSx}>
          {t('lookup.choosePhoto')}
        </Button>
        <Button variant="outlined" color="inherit" onClick={actions.typeCode} sx={actionSx}>
          {t('lookup.typeCode')}
        </Button>
      </Box>
    );
  }
  if (message.key === 'errors.noProducts') {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
        <Typography>{t('help.nextSteps')}</Typography>
        <Typography>{t('help.checkCode')}</Typography>
        <Button variant="outlined" color="inherit" onClick={actions.startCamera} sx={actionSx}>
          {t('help.tryCamera')}
        </Button>
        {brand.hotline && <HotlineLink hotline={brand.hotline} />}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
      <Typography>{t('help.retryHint')}</Typography>
      <Button variant="outlined" color="inherit" onClick={actions.retry} sx={actionSx}>
        {t('help.retry')}
      </Button>
    </Box>
  );
}

/** Exactly one block under the input: loading, an error, the result, or nothing to show. */
export function LookupResult({ view, actions }: { view: LookupView; actions: ResultActions }) {
  const { t } = useTranslation();
  switch (view.name) {
    case 'loading':
      return (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <CircularProgress size={24} aria-label={t('lookup.loading')} />
          <Typography>{t('lookup.loading')}</Typography>
        </Box>
      );
    case 'error':
      return (
        <MessageBox role="alert" tone="error" Icon={ErrorOutline}>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {t(view.message.key, view.message.params)}
            </Typography>
            <NextSteps message={view.message} actions={actions} />
          </Box>
        </MessageBox>
      );
    case 'result':
      return <ResultIsland result={view.result} answeredAt={view.answeredAt} />;
    case 'empty':
      return <Typography color="text.secondary">{t('lookup.noInformation')}</Typography>;
  }
}
