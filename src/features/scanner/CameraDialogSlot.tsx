import { Suspense, lazy } from 'react';
import type { DecodedCode } from './decode/decodedCode';
import { loadScannerDialog } from './loadScannerUi';

// The camera dialog's chunk is the photo button's (one chunk): rendered from the start, it is there
// when the visitor opens the camera (see ScannerDialogWhenOpen).
const ScannerDialogWhenOpen = lazy(loadScannerDialog);

/** The camera dialog while the scanner is open; nothing while its chunk loads. */
export function CameraDialogSlot({ onDetected }: { onDetected: (code: DecodedCode) => void }) {
  return (
    <Suspense fallback={null}>
      <ScannerDialogWhenOpen onDetected={onDetected} />
    </Suspense>
  );
}
