import { useEffect } from 'react';
import type { DecodedCode } from './decode/decodedCode';
import { usePhotoScan } from './usePhotoScan';

function firstImage(files: FileList | undefined | null): File | undefined {
  return Array.from(files ?? []).find((file) => file.type.startsWith('image/'));
}

/** A photo dropped anywhere on the page, or pasted from the clipboard, is scanned like a chosen one. */
export function usePhotoDropAndPaste(onDetected: (code: DecodedCode) => void): void {
  const scanPhoto = usePhotoScan(onDetected);

  useEffect(() => {
    const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;
    // Without preventDefault on dragover the browser would open the dropped image instead.
    const onDragOver = (event: DragEvent) => {
      if (carriesFiles(event)) event.preventDefault();
    };
    const onDrop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      // A dropped file that is not an image still gets an answer: the "cannot read this image" message.
      const photo = firstImage(event.dataTransfer?.files) ?? event.dataTransfer?.files[0];
      if (photo) void scanPhoto(photo);
    };
    // Only a pasted image is taken: pasting text into the code input must keep working as usual.
    const onPaste = (event: ClipboardEvent) => {
      const photo = firstImage(event.clipboardData?.files);
      if (!photo) return;
      event.preventDefault();
      void scanPhoto(photo);
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    window.addEventListener('paste', onPaste);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
      window.removeEventListener('paste', onPaste);
    };
  }, [scanPhoto]);
}
