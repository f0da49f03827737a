import { REPORT_PHOTO_MAX_SIDE } from '@/contract/reports';

/** A photo's size scaled down (never up) so that its long side is at most `maxSide`, in whole pixels. */
export function scaledSize(width: number, height: number, maxSide = REPORT_PHOTO_MAX_SIDE) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** JPEG qualities tried in turn until the photo fits the service's bound. */
export const JPEG_QUALITIES = [0.85, 0.7, 0.55, 0.4] as const;
