import { useTranslation } from 'react-i18next';
import { addReportTexts } from '@/features/report';
import { MuiTheme } from '@/shared/ui/MuiTheme';
import { addDeskTexts } from './deskTexts';
import { SupportPage } from './SupportPage';

/** The desk as the router shows it: drawn with MUI's components, so in MUI's theme (loaded with its chunk). */
export function SupportRoute() {
  const { i18n } = useTranslation();
  // Its texts came with its chunk; in the instance before the first of them renders (once per instance).
  addDeskTexts(i18n);
  // The shoppers' reports it lists speak the report form's words (reasons, provinces).
  addReportTexts(i18n);
  return (
    <MuiTheme>
      <SupportPage />
    </MuiTheme>
  );
}
