import { Suspense, lazy } from 'react';
import type { DecodedCode } from './decode/decodedCode';
import { DisabledPhotoButton } from './DisabledPhotoButton';
import { loadPhotoScanActions } from './loadScannerUi';

// Photo scanning is not needed to show a deep link's result, so it stays out of the first load.
const PhotoScanActions = lazy(loadPhotoScanActions);

export function PhotoScanSlot({ onDetected }: { onDetected: (code: DecodedCode) => void }) {
  return (
    <Suspense fallback={<DisabledPhotoButton />}>
      <PhotoScanActions onDetected={onDetected} />
    </Suspense>
  );
}
