import { SCAN_FPS } from './scanHints';

/**
 * Once this many camera frames in a row held no code (2 s), every STUBBORN_FRAME_EVERY-th frame gets a
 * photo's attempts: 50–100 ms more on the bench machine for that frame, in the worker, so
 * the preview never stalls and the camera still decodes about nine frames a second. A clean frame is read
 * before this starts, as fast as before.
 */
export const STUBBORN_AFTER_FRAMES = 2 * SCAN_FPS;
export const STUBBORN_FRAME_EVERY = 10;

/** How hard to try on the next camera frame, given how many frames in a row held no code. */
export function cameraEffort(framesWithoutCode: number): 'frame' | 'stubbornFrame' {
  return framesWithoutCode >= STUBBORN_AFTER_FRAMES && framesWithoutCode % STUBBORN_FRAME_EVERY === 0
    ? 'stubbornFrame'
    : 'frame';
}
