import { MAX_FRAME_SIDE_PX, SCAN_BOX_MIN_PX, SCAN_BOX_SHARE } from './scanHints';

/** A rectangle of the video frame and the size it is decoded at. */
export interface FrameRegion {
  left: number;
  top: number;
  width: number;
  height: number;
  outWidth: number;
  outHeight: number;
}

/**
 * What the camera loop decodes of a frame; the frames take turns. Even frames: the whole frame, fitted
 * within MAX_FRAME_SIDE_PX, so a code anywhere in view is read (visitors aim loosely; the bench's phone
 * frames have their code off centre half of the time). Odd frames: the centred scan box at the
 * camera's own resolution, so a small code held in the box keeps every pixel per module the camera
 * gives (a 1080p camera's box is 756 px, where the whole frame is shrunk by a third).
 */
export function frameRegion(width: number, height: number, frame: number): FrameRegion {
  if (frame % 2 === 0) {
    const scale = Math.min(1, MAX_FRAME_SIDE_PX / Math.max(width, height));
    return {
      left: 0,
      top: 0,
      width,
      height,
      outWidth: Math.round(width * scale),
      outHeight: Math.round(height * scale),
    };
  }
  const box = Math.min(Math.max(SCAN_BOX_MIN_PX, Math.round(Math.min(width, height) * SCAN_BOX_SHARE)), width, height);
  const side = Math.min(box, MAX_FRAME_SIDE_PX);
  return {
    left: Math.round((width - box) / 2),
    top: Math.round((height - box) / 2),
    width: box,
    height: box,
    outWidth: side,
    outHeight: side,
  };
}
