import ExpandMore from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ProvinceId, ReportReason } from '@/contract/reports';
import { DetailsForm } from './DetailsForm';
import { ProvinceList } from './ProvinceList';
import type { FieldErrors, ReportDetails } from './reportDraft';
import { StepHeading } from './StepHeading';

const HEADING_ID = 'report-where-title';
const PROVINCES_ID = 'report-provinces-title';
const DETAILS_ID = 'report-details';

interface WhereStepProps {
  reason: ReportReason;
  onChangeReason: () => void;
  details: ReportDetails;
  detailsOpen: boolean;
  onDetailsOpen: (open: boolean) => void;
  onDetails: (change: Partial<ReportDetails>, clears: keyof ReportDetails) => void;
  onPhotoError: (key: string) => void;
  errors: FieldErrors;
  /** A failure of the whole report (the network, too many today), a message key. */
  failure: string | null;
  sending: boolean;
  lastProvince: ProvinceId | null;
  onProvince: (province: ProvinceId) => void;
}

/** Where it was bought: the optional details folded away, then the provinces, a tap on one sending the report. */
export function WhereStep(props: WhereStepProps) {
  const { t } = useTranslation();
  const { reason, detailsOpen, sending, failure } = props;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 1 }}>
        <Typography sx={{ fontWeight: 500 }}>{t(`report.reasons.${reason}`)}</Typography>
        <Button onClick={props.onChangeReason} disabled={sending} sx={{ minHeight: 44 }}>
          {t('report.changeReason')}
        </Button>
      </Box>
      <StepHeading id={HEADING_ID}>{t('report.whereTitle')}</StepHeading>
      <Button
        variant="text"
        aria-expanded={detailsOpen}
        aria-controls={DETAILS_ID}
        onClick={() => props.onDetailsOpen(!detailsOpen)}
        endIcon={<ExpandMore sx={{ transform: detailsOpen ? 'rotate(180deg)' : 'none' }} />}
        sx={{ minHeight: 44, textAlign: 'start', justifyContent: 'space-between', width: '100%', mb: 1 }}
      >
        {t('report.detailsToggle')}
      </Button>
      <Collapse in={detailsOpen} unmountOnExit={false}>
        <Box sx={{ pb: 2 }}>
          <DetailsForm
            id={DETAILS_ID}
            details={props.details}
            errors={props.errors}
            onChange={props.onDetails}
            onPhotoError={props.onPhotoError}
          />
        </Box>
      </Collapse>
      {failure && (
        <Alert severity="error" role="alert" sx={{ my: 1 }}>
          {t(failure as never)}
        </Alert>
      )}
      <Typography id={PROVINCES_ID} sx={{ fontWeight: 600, mt: 1, mb: 0.5 }}>
        {t('report.provinceTitle')}
      </Typography>
      {sending && (
        <Box role="status" sx={{ my: 1 }}>
          <Typography variant="body2">{t('report.sending')}</Typography>
          <LinearProgress />
        </Box>
      )}
      <ProvinceList
        labelledBy={PROVINCES_ID}
        last={props.lastProvince}
        disabled={sending}
        onProvince={props.onProvince}
      />
    </>
  );
}
