import { useTranslation } from 'react-i18next';
import { MuiTheme } from '@/shared/ui/MuiTheme';
import { addDeskTexts } from './deskTexts';
import { SupportPage } from './SupportPage';

/** The desk as the router shows it: drawn with MUI's components, so in MUI's theme (loaded with its chunk). */
export function SupportRoute() {
  const { i18n } = useTranslation();
  // Its texts came with its chunk; in the instance before the first of them renders (once per instance).
  addDeskTexts(i18n);
  return (
    <MuiTheme>
      <SupportPage />
    </MuiTheme>
  );
}
