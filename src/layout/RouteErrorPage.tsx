import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { linkSx } from '@/shared/linkSx';

/** Replaces React's blank page and the router's untranslated 'Unexpected Application Error!'. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Box role="alert" sx={{ textAlign: 'center', py: 6, px: 2 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('routeError.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('routeError.message')}</Typography>
      {/* A full load, not a client navigation: the app that failed may be in a broken state. */}
      <Box component="a" href="/" sx={linkSx}>
        {t('routeError.backLink')}
      </Box>
    </Box>
  );
}
