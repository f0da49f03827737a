import { decodeImage } from './decodeImage';
import { MAX_PHOTO_SIDE_PX } from './scanHints';

/**
 * A photo file to the code it holds, or null. Large photos are downscaled while drawing, which is far
 * cheaper than decoding 12 MP. Throws when the browser cannot read the file as an image.
 */
export async function readPhoto(photo: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(photo);
  try {
    const scale = Math.min(1, MAX_PHOTO_SIDE_PX / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('No 2D canvas context');
    // Transparent areas of a PNG read as white paper, not black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return decodeImage(context.getImageData(0, 0, width, height), 'photo');
  } finally {
    bitmap.close();
  }
}
