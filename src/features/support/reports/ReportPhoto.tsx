import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRACE_API_BASE } from '@/config';
import { reportPhotoPath } from '@/contract/reports';
import { API_KEY_HEADER } from '@/contract/traceContract';

/**
 * A report's photo, fetched with the staff key on demand (an <img src> cannot send the key) and shown from
 * memory: the service sends it `private, no-store`, and it is let go when the card leaves.
 */
export function ReportPhoto({ reference, staffKey }: { reference: string; staffKey: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ url: string } | 'idle' | 'loading' | 'failed'>('idle');
  useEffect(
    () => () => {
      if (typeof state === 'object') URL.revokeObjectURL(state.url);
    },
    [state],
  );

  const load = async () => {
    setState('loading');
    try {
      const response = await fetch(`${TRACE_API_BASE}${reportPhotoPath(reference)}`, {
        headers: { [API_KEY_HEADER]: staffKey },
      });
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !/^image\/(jpeg|png|webp)/.test(type)) throw new Error(String(response.status));
      setState({ url: URL.createObjectURL(await response.blob()) });
    } catch {
      setState('failed');
    }
  };

  if (typeof state === 'object') {
    return (
      <Box
        component="img"
        src={state.url}
        alt={t('support.reports.photoAlt', { reference })}
        sx={{ maxWidth: '100%', maxHeight: 320, borderRadius: 1, display: 'block' }}
      />
    );
  }
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        disabled={state === 'loading'}
        onClick={() => void load()}
        sx={{ minHeight: 44 }}
      >
        {t('support.reports.showPhoto')}
      </Button>
      {state === 'failed' && (
        <Typography role="alert" variant="body2" color="error">
          {t('support.reports.photoFailed')}
        </Typography>
      )}
    </>
  );
}
