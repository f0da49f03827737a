import type { DecodeEffort, DecodeResult, RgbaImage } from './decodedCode';

/**
 * What the page sends the decode worker. A camera frame travels as a transferred ImageBitmap, a photo as
 * the file itself (decoded, EXIF-rotated and fitted in the worker); where the worker has no
 * OffscreenCanvas the page sends RGBA pixels in a transferred buffer instead.
 */
export type DecodeSource = ImageBitmap | Blob | RgbaImage;

export interface DecodeRequest {
  id: number;
  effort: DecodeEffort;
  source: DecodeSource;
}

/** 'unreadable': the file is not an image the browser can read; 'failed': the decoder itself threw. */
export type DecodeReply = { id: number; result: DecodeResult } | { id: number; error: 'unreadable' | 'failed' };
