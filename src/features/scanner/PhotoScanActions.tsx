import { CodeChoiceDialog } from './CodeChoiceDialog';
import type { DecodedCode } from './decode/decodedCode';
import { PhotoScanButton } from './PhotoScanButton';
import { usePhotoDropAndPaste } from './usePhotoDropAndPaste';

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
