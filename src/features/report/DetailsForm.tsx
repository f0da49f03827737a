import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { REPORT_BOUGHT_MAX_YEARS } from '@/contract/reports';
import { vietnamDay } from '@/contract/vietnamDay';
import { PhotoField } from './PhotoField';
import type { FieldErrors, ReportDetails } from './reportDraft';

interface DetailsFormProps {
  id: string;
  details: ReportDetails;
  errors: FieldErrors;
  onChange: (change: Partial<ReportDetails>, clears: keyof ReportDetails) => void;
  onPhotoError: (key: string) => void;
}

/**
 * The optional details: the shop (the specification's "shop information", "name" and "address" labels), the
 * date bought, a photo and a phone number for a call back. No maxLength: a pasted text too long is told, not
 * silently cut (the report's checks, shared with the service, say what is wrong).
 */
export function DetailsForm({ id, details, errors, onChange, onPhotoError }: DetailsFormProps) {
  const { t } = useTranslation();
  const today = vietnamDay();
  const earliest = `${Number(today.slice(0, 4)) - REPORT_BOUGHT_MAX_YEARS}${today.slice(4)}`;
  const text = (field: 'shop' | 'address' | 'phone' | 'boughtOn') => ({
    value: details[field],
    onChange: (event: { target: { value: string } }) => onChange({ [field]: event.target.value }, field),
    error: errors[field] !== undefined,
    helperText: errors[field] ? t(errors[field] as never) : undefined,
    fullWidth: true,
  });
  return (
    <Box id={id} component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('labels.shopInformation')}
      </Typography>
      <TextField label={t('labels.name')} {...text('shop')} slotProps={{ htmlInput: { 'data-field': 'shop' } }} />
      <TextField
        label={t('labels.address')}
        {...text('address')}
        slotProps={{ htmlInput: { 'data-field': 'address' } }}
      />
      <TextField
        label={t('report.boughtOn')}
        type="date"
        {...text('boughtOn')}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { min: earliest, max: today, 'data-field': 'boughtOn' },
        }}
      />
      <PhotoField
        photo={details.photo}
        error={errors.photo}
        onPhoto={(photo, error) => {
          onChange({ photo }, 'photo');
          if (error) onPhotoError(error);
        }}
      />
      <TextField
        label={t('report.phone')}
        type="tel"
        autoComplete="tel"
        {...text('phone')}
        helperText={errors.phone ? t(errors.phone as never) : t('report.phoneHint')}
        slotProps={{ htmlInput: { inputMode: 'tel', 'data-field': 'phone' } }}
      />
    </Box>
  );
}
