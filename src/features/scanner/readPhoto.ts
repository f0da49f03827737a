import { MAX_PHOTO_SIDE_PX, type DecodedCode } from './decode/decodedCode';
import { decodeOffThread, workerCanDraw } from './decode/decoderClient';

/**
 * Every code in a photo file, trace candidates first; empty when it holds none. Throws when the
 * browser cannot read the file as an image. The worker decodes the file itself where it can draw;
 * elsewhere the page draws it, downscaled (far cheaper than 12 MP), and hands over the pixels.
 */
export async function readPhoto(photo: Blob): Promise<DecodedCode[]> {
  if (workerCanDraw) return decodeOffThread(photo, 'photo');
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
    return await decodeOffThread(context.getImageData(0, 0, width, height), 'photo');
  } finally {
    bitmap.close();
  }
}
