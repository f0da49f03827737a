import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintedPack } from '@/contract/gs1/printedPack';
import { MuiTheme } from '@/shared/ui/MuiTheme';
import { addReportTexts } from './reportTexts';
import { useReportFlow } from './useReportFlow';
import { ReasonStep } from './ReasonStep';
import { SentStep } from './SentStep';
import { WhereStep } from './WhereStep';

const TITLE_ID = 'report-title';

export interface ReportDialogProps {
  /** The code looked up (found, or "No products found"). */
  code: string;
  /** What the pack's Digital Link printed, when the code came in one: sent with the report, for the desk. */
  pack?: PrintedPack | null;
  open: boolean;
  onClose: () => void;
  /** The brand's hotline or website, as the lookup page shows it. */
  contact: ReactNode;
}

/**
 * "Report a problem with this pack": what is wrong, then where it was bought, then the reference. Full screen
 * on a phone, where one thumb reaches every choice; MUI's Dialog traps focus and gives it back on close.
 */
export function ReportDialog({ code, pack = null, open, onClose, contact }: ReportDialogProps) {
  const { t, i18n } = useTranslation();
  // Its texts came with its chunk; in the instance before the first of them renders (once per instance).
  addReportTexts(i18n);
  const phone = useMediaQuery('(max-width: 599.95px)');
  const flow = useReportFlow(code, pack);
  const close = () => onClose();

  return (
    <MuiTheme>
      <Dialog
        open={open}
        onClose={flow.sending ? undefined : close}
        aria-labelledby={TITLE_ID}
        // Once closed (not while it fades out), it starts afresh: a second report on the same pack is a new one.
        // The theme's dialogs are the camera's (black, around a video): a form is on paper.
        slotProps={{
          transition: { onExited: flow.reset },
          paper: { sx: { bgcolor: 'background.paper', color: 'text.primary' } },
        }}
        fullScreen={phone}
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id={TITLE_ID} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1, fontSize: '1.125rem' }}>
          <Box component="span" sx={{ flex: 1 }}>
            {t('report.title')}
          </Box>
          <IconButton onClick={close} aria-label={t('report.close')} disabled={flow.sending} sx={{ p: 1.25 }}>
            <Close />
          </IconButton>
        </DialogTitle>
        <DialogContent dividers sx={{ px: 2, pt: 0 }}>
          {flow.step.name === 'reason' && <ReasonStep onReason={flow.chooseReason} />}
          {flow.step.name === 'where' && (
            <WhereStep
              reason={flow.step.reason}
              onChangeReason={flow.changeReason}
              details={flow.details}
              detailsOpen={flow.detailsOpen}
              onDetailsOpen={flow.setDetailsOpen}
              onDetails={flow.editDetails}
              onPhotoError={flow.photoRefused}
              errors={flow.errors}
              failure={flow.failure}
              sending={flow.sending}
              lastProvince={flow.lastProvince}
              onProvince={flow.send}
            />
          )}
          {flow.step.name === 'sent' && <SentStep reference={flow.step.reference} contact={contact} />}
        </DialogContent>
        {flow.step.name === 'sent' && (
          <Box sx={{ p: 2 }}>
            <Button variant="contained" fullWidth onClick={close} sx={{ minHeight: 48 }}>
              {t('report.close')}
            </Button>
          </Box>
        )}
      </Dialog>
    </MuiTheme>
  );
}
