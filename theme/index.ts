import { createTheme } from '@mui/material/styles';
import { enUS, viVN } from '@mui/material/locale';
import type { Language } from '@/config';
import { components } from './components';
import { tokens } from './tokens';

const muiLocales = { vi: viVN, en: enUS } as const;

export function createAppTheme(language: Language) {
  return createTheme({ ...tokens, components }, muiLocales[language]);
}
