import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BatchState } from './batchState';

/** Where the batch is: progress while it runs, a pause the service asked for, and when it is done. */
export function BatchStatus({ batch }: { batch: BatchState }) {
  const { t } = useTranslation();
  const { phase, progress, rows, overflow, waiting } = batch;
  const running = phase === 'lookingUp' || phase === 'tryingVariants';
  const label =
    phase === 'lookingUp'
      ? t('support.progress', progress)
      : phase === 'tryingVariants'
        ? t('support.progressVariants', progress)
        : t('support.finished', { count: rows.length });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box role="status">
        {phase !== 'idle' && <Typography sx={{ fontWeight: 600 }}>{label}</Typography>}
        {waiting && <Typography color="textSecondary">{t('support.waiting')}</Typography>}
      </Box>
      {running && (
        <LinearProgress
          variant="determinate"
          value={progress.total === 0 ? 100 : (100 * progress.done) / progress.total}
          aria-label={label}
        />
      )}
      {overflow > 0 && <Alert severity="warning">{t('support.overflow', { count: overflow })}</Alert>}
    </Box>
  );
}
