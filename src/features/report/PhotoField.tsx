import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_ERRORS } from '@/contract/reports';
import { reencodePhoto } from './reencodePhoto';

interface PhotoFieldProps {
  photo: string | null;
  /** A message key from the service or the re-encoding. */
  error: string | undefined;
  onPhoto: (photo: string | null, error?: string) => void;
}

/** An optional photo of the pack, re-encoded on the phone (no EXIF, no GPS) before it can be sent. */
export function PhotoField({ photo, error, onPhoto }: PhotoFieldProps) {
  const { t } = useTranslation();
  const [reading, setReading] = useState(false);
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setReading(true);
    const encoded = await reencodePhoto(file);
    setReading(false);
    if ('refused' in encoded) onPhoto(null, REPORT_ERRORS[encoded.refused]);
    else onPhoto(encoded.dataUrl);
  };

  return (
    <Box>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/*"
        hidden
        onChange={(event) => void choose(event)}
      />
      {photo ? (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <Box
            component="img"
            src={photo}
            alt={t('report.photo.preview')}
            sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1 }}
          />
          <Button data-field="photo" variant="outlined" onClick={() => onPhoto(null)} sx={{ minHeight: 44 }}>
            {t('report.photo.remove')}
          </Button>
        </Box>
      ) : (
        <Button
          data-field="photo"
          onClick={() => input.current?.click()}
          variant="outlined"
          disabled={reading}
          startIcon={<AddPhotoAlternateOutlined />}
          aria-describedby={hintId}
          sx={{ minHeight: 44 }}
        >
          {reading ? t('report.photo.reading') : t('report.photo.add')}
        </Button>
      )}
      {error && (
        <FormHelperText error role="alert">
          {t(error as never)}
        </FormHelperText>
      )}
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('report.photo.privacy')}
      </Typography>
    </Box>
  );
}
