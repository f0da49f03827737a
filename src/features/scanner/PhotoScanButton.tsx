import ImageSearch from '@mui/icons-material/ImageSearch?shape';
import { useContext, useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/store/hooks';
import { IconButton } from '@/shared/ui/Button';
import { Icon } from '@/shared/ui/Icon';
import { Spinner } from '@/shared/ui/Spinner';
import type { DecodedCode } from './decode/decodedCode';
import { PHOTO_INPUT_ID } from './scanHints';
import { ScannerDevicesContext } from './scannerDevices';
import { selectScannerOpen, selectScanningFile } from './scannerSlice';
import { usePhotoScan } from './usePhotoScan';

export interface PhotoScanButtonProps {
  onDetected: (code: DecodedCode) => void;
}

/** Picks a photo of a code. No `capture` attribute, so phones offer the camera roll as well as the camera. */
export function PhotoScanButton({ onDetected }: PhotoScanButtonProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const scanning = useAppSelector(selectScanningFile);
  const cameraOpen = useAppSelector(selectScannerOpen);
  const scanPhoto = usePhotoScan(onDetected);
  const { warmUpDecoder } = useContext(ScannerDevicesContext);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const photo = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (photo) void scanPhoto(photo);
  };

  return (
    <>
      <IconButton
        aria-label={t('scanner.photo')}
        title={t('scanner.photo')}
        disabled={scanning || cameraOpen}
        onClick={() => {
          // The decoder loads while the visitor picks the photo.
          warmUpDecoder();
          input.current?.click();
        }}
      >
        {scanning ? <Spinner label={t('scanner.readingPhoto')} /> : <Icon shape={ImageSearch} />}
      </IconButton>
      <input
        ref={input}
        id={PHOTO_INPUT_ID}
        type="file"
        accept="image/*"
        hidden
        data-testid="photo-input"
        onChange={onChange}
      />
    </>
  );
}
