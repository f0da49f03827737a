import type { DecodedCode } from './decode/decodedCode';
import { decodeOffThread, workerCanDraw } from './decode/decoderClient';
import { photoPixels } from './decode/photoPixels';

/**
 * Every code in a photo file, trace candidates first; empty when it holds none. Throws when the
 * browser cannot read the file as an image. The worker decodes the file itself where it can draw;
 * elsewhere the page draws it, downscaled (far cheaper than 12 MP), and hands over the pixels.
 */
export async function readPhoto(photo: Blob): Promise<DecodedCode[]> {
  if (workerCanDraw) return decodeOffThread(photo, 'photo');
  return decodeOffThread(photoPixels(await createImageBitmap(photo), document.createElement('canvas')), 'photo');
}
