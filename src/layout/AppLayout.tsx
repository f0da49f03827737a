import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { traceDayOf } from '@/shared/dates/calendarDay';
import { brand } from '../../theme/brand';
import { LanguageToggle } from './LanguageToggle';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { RouteErrorPage } from './RouteErrorPage';

const HEADER_HEIGHT = 56;

// Plain boxes rather than AppBar, Toolbar and Container: the same look for less first-load JavaScript.
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', pt: `${HEADER_HEIGHT}px` }}>
      <Box
        component="header"
        sx={{
          position: 'fixed',
          inset: '0 0 auto 0',
          zIndex: 'appBar',
          height: HEADER_HEIGHT,
          px: 2,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          boxShadow: 2,
        }}
      >
        <Box
          component="a"
          href={brand.website}
          aria-label={t('layout.homeLink', { company: brand.name })}
          sx={{
            display: 'flex',
            alignItems: 'center',
            minHeight: 44,
            minWidth: 44,
            '&:focus-visible': { outline: '2px solid #fff', outlineOffset: 2 },
          }}
        >
          <Box
            component="img"
            src={brand.logo}
            alt={t('layout.logoAlt', { company: brand.name })}
            sx={{ height: 36, width: 'auto', display: 'block' }}
          />
        </Box>
        <LanguageToggle />
      </Box>
      <Box component="main" sx={{ flex: 1, width: '100%', maxWidth: 640, mx: 'auto', py: 3, px: { xs: 1.5, sm: 3 } }}>
        <RouteErrorBoundary key={pathname} fallback={<RouteErrorPage />}>
          <Outlet />
        </RouteErrorBoundary>
      </Box>
      <Box component="footer" sx={{ py: 2, textAlign: 'center', bgcolor: 'background.paper' }}>
        <Typography variant="body2" color="text.secondary">
          {/* Vietnam's year, as the server's render cache keys pages by Vietnam's day: the same on every server and phone. */}
          {t('layout.footer', { year: traceDayOf(new Date()).year, company: brand.name })}
        </Typography>
      </Box>
    </Box>
  );
}
