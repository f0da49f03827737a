import { PhotoScanButton } from '@/features/scanner/PhotoScanButton';
import { usePhotoDropAndPaste } from '@/features/scanner/usePhotoDropAndPaste';

/** The photo button plus drop and paste anywhere on the page; loaded after the first render. */
export function PhotoScanActions({ onDetected }: { onDetected: (text: string) => void }) {
  usePhotoDropAndPaste(onDetected);
  return <PhotoScanButton onDetected={onDetected} />;
}
