import { MAX_PHOTO_SIDE_PX } from './decodedCode';

/**
 * A photo's pixels as the engines read them: fitted within MAX_PHOTO_SIDE_PX (decoding 12 MP would be
 * far slower and no better), transparent areas white like paper. Used by the worker on its
 * OffscreenCanvas and, where a worker cannot draw, by the page on a canvas element. Closes the bitmap.
 */
export function photoPixels(bitmap: ImageBitmap, canvas: OffscreenCanvas | HTMLCanvasElement): ImageData {
  try {
    const scale = Math.min(1, MAX_PHOTO_SIDE_PX / Math.max(bitmap.width, bitmap.height));
    return drawnPixels(
      bitmap,
      canvas,
      Math.max(1, Math.round(bitmap.width * scale)),
      Math.max(1, Math.round(bitmap.height * scale)),
    );
  } finally {
    bitmap.close();
  }
}

/** The bitmap drawn at this size on white, read back as RGBA. */
export function drawnPixels(
  bitmap: ImageBitmap,
  canvas: OffscreenCanvas | HTMLCanvasElement,
  width: number,
  height: number,
): ImageData {
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true }) as
    OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!context) throw new Error('No 2D canvas context');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  return context.getImageData(0, 0, width, height);
}
