import type { RgbaImage } from './decodedCode';
import type { Box } from './greyImage';

/**
 * A photo's region is read again at most this large: the photo's own resolution up to here (a phone's
 * 12 MP photo is 4000 px wide; a code seen in it at 1280 px has three times the pixels per module).
 */
export const MAX_NATIVE_SIDE_PX = 3000;

/** The photo as taken, kept beside the fitted pixels the ladder reads, for a closer look at part of it. */
export interface NativePhoto {
  width: number;
  height: number;
  /** The box (in the photo's own pixels) drawn at the photo's resolution, at most MAX_NATIVE_SIDE_PX a side. */
  region: (box: Box) => RgbaImage;
}

/**
 * The box of the fitted image, in the photo's own pixels; null when the photo is no larger than the
 * fitted image (nothing more to see).
 */
export function nativeBox(box: Box, fitted: { width: number }, photo: { width: number; height: number }): Box | null {
  const scale = photo.width / fitted.width;
  if (!(scale > 1.1)) return null;
  const left = Math.max(0, Math.floor(box.left * scale));
  const top = Math.max(0, Math.floor(box.top * scale));
  const right = Math.min(photo.width, Math.ceil(box.right * scale));
  const bottom = Math.min(photo.height, Math.ceil(box.bottom * scale));
  return right > left && bottom > top ? { left, top, right, bottom } : null;
}

/** The size a box of the photo is drawn at: its own, or smaller to fit MAX_NATIVE_SIDE_PX. */
export function regionSize({ left, top, right, bottom }: Box): { width: number; height: number } {
  const scale = Math.min(1, MAX_NATIVE_SIDE_PX / Math.max(right - left, bottom - top));
  return {
    width: Math.max(1, Math.round((right - left) * scale)),
    height: Math.max(1, Math.round((bottom - top) * scale)),
  };
}
