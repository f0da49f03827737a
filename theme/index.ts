import { createTheme } from '@mui/material/styles';
import { components } from './components';
import { tokens } from './tokens';

// No MUI locale object: none of the components used here has built-in text to translate.
export const appTheme = createTheme({ ...tokens, components });
