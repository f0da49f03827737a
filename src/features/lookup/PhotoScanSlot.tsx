import ImageSearchIcon from '@mui/icons-material/ImageSearch';
import IconButton from '@mui/material/IconButton';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';

// Photo scanning is not needed to show a deep link's result, so it stays out of the first load;
// until its chunk arrives the same button shows, disabled, so nothing moves.
const PhotoScanActions = lazy(() =>
  import('./scannerUi').then(({ PhotoScanActions }) => ({ default: PhotoScanActions })),
);

export function PhotoScanSlot({ onDetected }: { onDetected: (text: string) => void }) {
  const { t } = useTranslation();
  const placeholder = (
    <IconButton disabled aria-label={t('scanner.photo')}>
      <ImageSearchIcon />
    </IconButton>
  );
  return (
    <Suspense fallback={placeholder}>
      <PhotoScanActions onDetected={onDetected} />
    </Suspense>
  );
}
