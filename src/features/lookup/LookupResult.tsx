import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LookupView } from './lookupView';
import { TraceResultTable } from './TraceResultTable';
import { boxRows, productRows } from './traceRows';

/** Exactly one block under the input: loading, an error, a box, a product, or nothing to show. */
export function LookupResult({ view }: { view: LookupView }) {
  const { t } = useTranslation();
  switch (view.name) {
    case 'loading':
      return <Typography role="status">{t('lookup.loading')}</Typography>;
    case 'error':
      return <Alert severity="error">{t(view.message.key, view.message.params)}</Alert>;
    case 'box':
      return <TraceResultTable rows={boxRows(view.result.box)} />;
    case 'product':
      return <TraceResultTable rows={productRows(view.result.product)} />;
    case 'empty':
      return <Typography color="text.secondary">{t('lookup.noInformation')}</Typography>;
  }
}
