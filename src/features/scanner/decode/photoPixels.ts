import { MAX_PHOTO_SIDE_PX } from './decodedCode';
import type { Box } from './greyImage';
import { regionSize, type NativePhoto } from './nativePhoto';

/**
 * A photo's pixels as the engines read them: fitted within MAX_PHOTO_SIDE_PX (decoding 12 MP would be
 * far slower and no better), transparent areas white like paper. Used by the worker on its
 * OffscreenCanvas and, where a worker cannot draw, by the page on a canvas element. Closes the bitmap.
 */
export function photoPixels(bitmap: ImageBitmap, canvas: OffscreenCanvas | HTMLCanvasElement): ImageData {
  try {
    return fittedPixels(bitmap, canvas);
  } finally {
    bitmap.close();
  }
}

/** As photoPixels, leaving the bitmap open (the worker keeps it for nativePhoto). */
export function fittedPixels(bitmap: ImageBitmap, canvas: OffscreenCanvas | HTMLCanvasElement): ImageData {
  const scale = Math.min(1, MAX_PHOTO_SIDE_PX / Math.max(bitmap.width, bitmap.height));
  return drawnPixels(
    bitmap,
    canvas,
    Math.max(1, Math.round(bitmap.width * scale)),
    Math.max(1, Math.round(bitmap.height * scale)),
  );
}

/** The open bitmap as a NativePhoto: its regions drawn at its own resolution on demand. The caller closes it. */
export function nativePhoto(bitmap: ImageBitmap, canvas: OffscreenCanvas | HTMLCanvasElement): NativePhoto {
  return {
    width: bitmap.width,
    height: bitmap.height,
    region: (box: Box) => {
      const { width, height } = regionSize(box);
      const [sx, sy, sw, sh] = [box.left, box.top, box.right - box.left, box.bottom - box.top];
      return drawnPixels(bitmap, canvas, width, height, [sx, sy, sw, sh]);
    },
  };
}

/** The bitmap (or the part `source` of it: x, y, width, height) drawn at this size on white, read back as RGBA. */
export function drawnPixels(
  bitmap: ImageBitmap,
  canvas: OffscreenCanvas | HTMLCanvasElement,
  width: number,
  height: number,
  source: [number, number, number, number] = [0, 0, bitmap.width, bitmap.height],
): ImageData {
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true }) as
    OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!context) throw new Error('No 2D canvas context');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, ...source, 0, 0, width, height);
  return context.getImageData(0, 0, width, height);
}
