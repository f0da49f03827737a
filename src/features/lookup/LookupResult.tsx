import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LookupView } from './lookupView';
import { MessageBox } from './MessageBox';
import { TraceResultTable } from './TraceResultTable';
import { resultRows } from './traceRows';

/** The other ways in that a failed scan offers. */
export interface ScanAlternatives {
  choosePhoto: () => void;
  typeCode: () => void;
}

/** Exactly one block under the input: loading, an error, the result, or nothing to show. */
export function LookupResult({ view, alternatives }: { view: LookupView; alternatives: ScanAlternatives }) {
  const { t } = useTranslation();
  switch (view.name) {
    case 'loading':
      return <Typography role="status">{t('lookup.loading')}</Typography>;
    case 'error':
      return (
        <MessageBox role="alert" tone="error" Icon={ErrorOutline}>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            <Typography>{t(view.message.key, view.message.params)}</Typography>
            {view.message.offerAlternatives && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                <Button variant="outlined" color="inherit" onClick={alternatives.choosePhoto} sx={{ minHeight: 44 }}>
                  {t('lookup.choosePhoto')}
                </Button>
                <Button variant="outlined" color="inherit" onClick={alternatives.typeCode} sx={{ minHeight: 44 }}>
                  {t('lookup.typeCode')}
                </Button>
              </Box>
            )}
          </Box>
        </MessageBox>
      );
    case 'result':
      return <TraceResultTable rows={resultRows(view.result)} />;
    case 'empty':
      return <Typography color="text.secondary">{t('lookup.noInformation')}</Typography>;
  }
}
