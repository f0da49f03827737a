import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { brand } from '../../theme/brand';
import { LanguageToggle } from './LanguageToggle';

export function AppLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="fixed" component="header">
        <Toolbar sx={{ justifyContent: 'space-between', gap: 2 }}>
          <Link
            href={brand.website}
            aria-label={t('layout.homeLink', { company: brand.name })}
            sx={{ display: 'flex', alignItems: 'center' }}
          >
            <Box
              component="img"
              src={brand.logo}
              alt={t('layout.logoAlt', { company: brand.name })}
              sx={{ height: 36, width: 'auto', display: 'block' }}
            />
          </Link>
          <LanguageToggle />
        </Toolbar>
      </AppBar>
      <Toolbar aria-hidden="true" />
      <Container component="main" maxWidth="sm" sx={{ flex: 1, py: 3, px: { xs: 1.5, sm: 3 } }}>
        {children ?? <Outlet />}
      </Container>
      <Box component="footer" sx={{ py: 2, textAlign: 'center', bgcolor: 'background.paper' }}>
        <Typography variant="body2" color="text.secondary">
          {t('layout.footer', { year: new Date().getFullYear(), company: brand.name })}
        </Typography>
      </Box>
    </Box>
  );
}
