import CameraAltOutlined from '@mui/icons-material/CameraAltOutlined';
import Clear from '@mui/icons-material/Clear';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrorKey } from './qrCode';
import { shellFields } from '@/shared/shellFieldHandOver';
import { brand } from '../../../theme/brand';

export interface QrCodeFieldProps {
  value: string;
  error: FieldErrorKey | null;
  searching: boolean;
  onChange: (value: string) => void;
  onFocus: () => void;
  onBlur: () => void;
  onSearch: () => void;
  onCamera: () => void;
  /** More scan actions (the photo button) shown after the camera button. */
  extraActions?: ReactNode;
}

export const INPUT_ID = 'qr-code';
const ERROR_ID = 'qr-code-error';
/** The same on the server's HTML and on a page rendered afresh in another language: a tap held by the loader finds it. */
const CAMERA_ID = 'qr-camera';

// A bare OutlinedInput with a plain label: TextField pulls Select, Menu and Popover into the first load,
// and FormControl with a floating label adds more for a label that never needs to float.
export function QrCodeField(props: QrCodeFieldProps) {
  const { value, error, searching, onChange, onFocus, onBlur, onSearch, onCamera, extraActions } = props;
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);

  useLayoutEffect(() => {
    // The field of the HTML the page arrived in, held by src/main.tsx (src/shared/shellFieldHandOver.ts).
    shellFields.handOver(INPUT_ID, inputRef.current, value, onChange);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the script takes the field over
  }, []);

  const clear = () => {
    onChange('');
    inputRef.current?.focus();
  };

  return (
    <Box
      component="form"
      role="search"
      // Without JavaScript the form still works: the server answers GET /dt?qr=<code>.
      action="/dt"
      method="get"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!searching) onSearch();
      }}
    >
      <Box
        component="label"
        htmlFor={INPUT_ID}
        sx={{ display: 'block', mb: 0.75, typography: 'body2', fontWeight: 500 }}
      >
        {t('lookup.inputLabel')}
      </Box>
      {/* On a phone the scan buttons wrap below the field, so a whole code stays readable at 360 px. */}
      <Box sx={{ display: 'flex', flexWrap: { xs: 'wrap', sm: 'nowrap' }, gap: 1, alignItems: 'center' }}>
        <OutlinedInput
          id={INPUT_ID}
          name="qr"
          inputRef={inputRef}
          error={error !== null}
          value={value}
          placeholder={t('lookup.placeholder')}
          onChange={(event) => onChange(event.target.value)}
          onFocus={onFocus}
          onBlur={onBlur}
          inputProps={{
            autoComplete: 'off',
            autoCapitalize: 'characters',
            spellCheck: false,
            enterKeyHint: 'search',
            'aria-invalid': error !== null,
            'aria-describedby': error ? ERROR_ID : undefined,
          }}
          sx={{
            flex: { xs: '1 1 100%', sm: '1 1 auto' },
            minWidth: 0,
            pr: 0.5,
            bgcolor: 'background.paper',
            '& input': { textOverflow: 'ellipsis' },
          }}
          endAdornment={
            value !== '' && (
              <IconButton aria-label={t('lookup.clear')} onClick={clear} edge="end">
                <Clear />
              </IconButton>
            )
          }
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flex: { xs: '1 1 auto', sm: '0 0 auto' } }}>
          {/* The dialog's texts, for the frame the page's loader shows at a tap made before the script
              runs (src/afterFirstPaint.js). */}
          <IconButton
            id={CAMERA_ID}
            aria-label={t('lookup.camera')}
            onClick={onCamera}
            color="primary"
            data-dialog-title={t('scanner.title')}
            data-dialog-close={t('scanner.close')}
            data-dialog-busy={t('scanner.starting')}
            data-dialog-color={brand.primary}
          >
            <CameraAltOutlined />
          </IconButton>
          {extraActions}
        </Box>
        <Button
          type="submit"
          variant="contained"
          disabled={error !== null || searching}
          aria-label={t('lookup.search')}
          sx={{ height: { xs: 48, sm: 56 }, minWidth: { xs: 56, sm: 112 }, px: { xs: 0, sm: 2 }, flexShrink: 0 }}
        >
          <Search sx={{ mr: { xs: 0, sm: 1 } }} />
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {t('lookup.search')}
          </Box>
        </Button>
      </Box>
      <Box
        component="p"
        id={ERROR_ID}
        role="alert"
        sx={{ m: 0, mt: 0.5, mx: 1.75, minHeight: '1.5em', typography: 'caption', color: 'error.main' }}
      >
        {error ? t(error) : ''}
      </Box>
    </Box>
  );
}
