import { MuiTheme } from '@/shared/ui/MuiTheme';
import { SupportPage } from './SupportPage';

/** The desk as the router shows it: drawn with MUI's components, so in MUI's theme (loaded with its chunk). */
export function SupportRoute() {
  return (
    <MuiTheme>
      <SupportPage />
    </MuiTheme>
  );
}
