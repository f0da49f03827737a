import CameraAltOutlined from '@mui/icons-material/CameraAltOutlined';
import Clear from '@mui/icons-material/Clear';
import Search from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrorKey } from './qrCode';
import { shellFields } from '@/shared/shellFieldHandOver';
import textStyles from '@/shared/styles/text.module.css';
import { brand } from '../../../theme/brand';
import styles from './QrCodeField.module.css';

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
    <form
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
      <label htmlFor={INPUT_ID} className={`${textStyles.body2} ${styles.label}`}>
        {t('lookup.inputLabel')}
      </label>
      {/* On a phone the scan buttons wrap below the field, so a whole code stays readable at 360 px. */}
      <div className={styles.row}>
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
          className={styles.input}
          endAdornment={
            value !== '' && (
              <IconButton aria-label={t('lookup.clear')} onClick={clear} edge="end">
                <Clear />
              </IconButton>
            )
          }
        />
        <div className={styles.scanActions}>
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
        </div>
        <Button
          type="submit"
          variant="contained"
          disabled={error !== null || searching}
          aria-label={t('lookup.search')}
          className={styles.search}
        >
          <Search />
          <span className={styles.searchWord}>{t('lookup.search')}</span>
        </Button>
      </div>
      <p id={ERROR_ID} role="alert" className={styles.error}>
        {error ? t(error) : ''}
      </p>
    </form>
  );
}
