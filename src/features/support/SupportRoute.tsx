import { useTranslation } from 'react-i18next';
import { addReportTexts } from '@/features/report';
import { addGs1Texts } from '@/features/lookup';
import { GS1_CATALOGUES } from '@/features/lookup/onDemand';
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
  // A pasted Digital Link's pack, where it disagrees with the record, in the shopper's page's words.
  addGs1Texts(i18n, GS1_CATALOGUES);
  return (
    <MuiTheme>
      <SupportPage />
    </MuiTheme>
  );
}
