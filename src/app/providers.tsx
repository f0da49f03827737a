import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import { currentLanguage } from '@/i18n/i18n';
import { createAppTheme } from '../../theme';
import type { AppStore } from './store';

function LocalizedTheme({ children }: { children: ReactNode }) {
  useTranslation(); // re-render when the language changes
  const language = currentLanguage();
  const theme = useMemo(() => createAppTheme(language), [language]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <LocalizedTheme>{children}</LocalizedTheme>
    </Provider>
  );
}
