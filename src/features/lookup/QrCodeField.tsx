import CameraAltOutlined from '@mui/icons-material/CameraAltOutlined?shape';
import Clear from '@mui/icons-material/Clear?shape';
import Search from '@mui/icons-material/Search?shape';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrorKey } from './qrCode';
import { shellFields } from '@/boot/fieldHandOver';
import { dialogFrameAttributes } from '@/boot/protocol';
import textStyles from '@/shared/styles/text.module.css';
import { Button, IconButton } from '@/shared/ui/Button';
import { classNames } from '@/shared/ui/classNames';
import field from '@/shared/ui/field.module.css';
import { Icon } from '@/shared/ui/Icon';
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

// A plain input and buttons with static styles, drawn as MUI's OutlinedInput, IconButton and Button: the
// page's first view hydrates them without MUI's styling at run time.
export function QrCodeField(props: QrCodeFieldProps) {
  const { value, error, searching, onChange, onFocus, onBlur, onSearch, onCamera, extraActions } = props;
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);

  useLayoutEffect(() => {
    // The field of the HTML the page arrived in, held by src/main.tsx (src/boot/fieldHandOver.ts).
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
        <div className={classNames(field.box, styles.input, error !== null && field.error)}>
          <input
            id={INPUT_ID}
            name="qr"
            ref={inputRef}
            className={field.input}
            value={value}
            placeholder={t('lookup.placeholder')}
            onChange={(event) => onChange(event.target.value)}
            onFocus={onFocus}
            onBlur={onBlur}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="search"
            aria-invalid={error !== null}
            aria-describedby={error ? ERROR_ID : undefined}
          />
          {value !== '' && (
            <IconButton aria-label={t('lookup.clear')} onClick={clear} edge="end">
              <Icon shape={Clear} />
            </IconButton>
          )}
        </div>
        <div className={styles.scanActions}>
          {/* The dialog's texts, for the frame the page's loader shows at a tap made before the script
              runs (src/boot/dialogFrame.ts). */}
          <IconButton
            id={CAMERA_ID}
            aria-label={t('lookup.camera')}
            onClick={onCamera}
            color="primary"
            {...dialogFrameAttributes({
              title: t('scanner.title'),
              close: t('scanner.close'),
              busy: t('scanner.starting'),
              color: brand.primary,
            })}
          >
            <Icon shape={CameraAltOutlined} />
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
          <Icon shape={Search} />
          <span className={styles.searchWord}>{t('lookup.search')}</span>
        </Button>
      </div>
      <p id={ERROR_ID} role="alert" className={styles.error}>
        {error ? t(error) : ''}
      </p>
    </form>
  );
}
