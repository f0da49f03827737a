import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';

/** Replaces the router's untranslated 'Unexpected Application Error!' screen. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Stack role="alert" spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
      <Typography variant="h1">{t('routeError.title')}</Typography>
      <Typography>{t('routeError.message')}</Typography>
      {/* A full load, not a client navigation: the app that failed may be in a broken state. */}
      <Link href="/">{t('routeError.backLink')}</Link>
    </Stack>
  );
}
