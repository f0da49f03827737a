import { CodeChoiceDialog } from '@/features/scanner/CodeChoiceDialog';
import type { DecodedCode } from '@/features/scanner/decode/decodedCode';
import { PhotoScanButton } from '@/features/scanner/PhotoScanButton';
import { usePhotoDropAndPaste } from '@/features/scanner/usePhotoDropAndPaste';

/** The photo button plus drop and paste anywhere on the page, and the list when a photo holds several codes. */
export function PhotoScanActions({ onDetected }: { onDetected: (code: DecodedCode) => void }) {
  usePhotoDropAndPaste(onDetected);
  return (
    <>
      <PhotoScanButton onDetected={onDetected} />
      <CodeChoiceDialog onDetected={onDetected} />
    </>
  );
}
