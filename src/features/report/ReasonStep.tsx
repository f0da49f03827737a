import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import { useTranslation } from 'react-i18next';
import { REPORT_REASONS, type ReportReason } from '@/contract/reports';
import { StepHeading } from './StepHeading';

const HEADING_ID = 'report-reason-title';

/** The first choice: what is wrong. A tap on a reason chooses it and moves on (the report's second tap). */
export function ReasonStep({ onReason }: { onReason: (reason: ReportReason) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <StepHeading id={HEADING_ID}>{t('report.reasonTitle')}</StepHeading>
      <List aria-labelledby={HEADING_ID} disablePadding>
        {REPORT_REASONS.map((reason) => (
          <ListItem key={reason} disablePadding divider>
            <ListItemButton onClick={() => onReason(reason)} sx={{ minHeight: 52 }}>
              {t(`report.reasons.${reason}`)}
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </>
  );
}
