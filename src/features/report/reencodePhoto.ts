import { REPORT_PHOTO_MAX_BYTES, base64Bytes } from '@/contract/reports';
import { JPEG_QUALITIES, scaledSize } from './photoSize';

/** Why a chosen photo cannot go with the report. */
export type PhotoRefusal = 'photoType' | 'photoTooBig';

/**
 * The shopper's photo redrawn on a canvas and encoded afresh as a JPEG, at most 1600 px on its long side: only
 * the pixels leave the phone (a canvas keeps no EXIF, so no GPS position, camera or time). The orientation EXIF
 * gives is applied first, so the picture stays upright without it.
 */
export async function reencodePhoto(file: File): Promise<{ dataUrl: string } | { refused: PhotoRefusal }> {
  // An SVG is a document, not a photo; anything the browser cannot decode is refused the same way.
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') return { refused: 'photoType' };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return { refused: 'photoType' };
  }
  const { width, height } = scaledSize(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return { refused: 'photoType' };
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  for (const quality of JPEG_QUALITIES) {
    const dataUrl = canvas.toDataURL('image/jpeg', quality);
    if (base64Bytes(dataUrl.slice(dataUrl.indexOf(',') + 1)) <= REPORT_PHOTO_MAX_BYTES) return { dataUrl };
  }
  return { refused: 'photoTooBig' };
}
