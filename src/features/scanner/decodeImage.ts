import {
  AztecCodeReader,
  BinaryBitmap,
  Code128Reader,
  Code39Reader,
  DataMatrixReader,
  DecodeHintType,
  GlobalHistogramBinarizer,
  HybridBinarizer,
  QRCodeReader,
  RGBLuminanceSource,
  type Reader,
} from '@zxing/library';
import { fitWithin, inverted, mirrored, scaled, toGrey, type GreyImage, type RgbaImage } from './greyImage';
import { couldBeTraceCode, MAX_PHOTO_SIDE_PX } from './scanHints';

/**
 * 'frame': a camera frame, decoded ten times a second, so only the cheap attempts (plain, mirrored,
 * global threshold); the next frame is another chance. 'photo': one still image, so every attempt that raised the bench's success rate.
 */
export type DecodeEffort = 'frame' | 'photo';

type Binarizer = 'hybrid' | 'global';
type Hints = Map<DecodeHintType, unknown>;

const TRY_HARDER: Hints = new Map([[DecodeHintType.TRY_HARDER, true]]);
const NO_HINTS: Hints = new Map();

// Readers are stateless between calls; building them once keeps per-frame allocation down.
// Each reader is called directly rather than through MultiFormatReader, which in @zxing/library 0.23
// console.warns on every image without a code.
const qrReader = new QRCodeReader();
// Of the other formats in specification section 4, only those that can carry a 17–18 character
// alphanumeric code: EAN/UPC, ITF and RSS-14 are digits only, RSS Expanded warns it is not production
// ready, and PDF417 ("in part") would add 28 kB gzip to the scanner chunk for codes not seen on cartons.
const otherReaders: Reader[] = [
  new DataMatrixReader(),
  new AztecCodeReader(),
  new Code128Reader(),
  new Code39Reader(),
];

/**
 * Pixels in, the code's text or null out. Pure and synchronous, so it runs in the browser for camera
 * frames and photos, and in Node for the bench. The order of the QR attempts comes from the bench
 * (`npm run bench:scan`): each later attempt decodes images that every earlier one missed.
 */
export function decodeImage(image: RgbaImage, effort: DecodeEffort = 'photo'): string | null {
  const grey = fitWithin(toGrey(image), MAX_PHOTO_SIDE_PX);
  const hints = effort === 'photo' ? TRY_HARDER : NO_HINTS;
  return decodeQr(grey, effort, hints) ?? decodeOtherFormats(grey, hints);
}

function decodeQr(grey: GreyImage, effort: DecodeEffort, hints: Hints): string | null {
  const text =
    read(qrReader, grey, 'hybrid', hints) ??
    read(qrReader, mirrored(grey), 'hybrid', hints) ??
    // Uneven light defeats the local thresholds of the hybrid binarizer; one global threshold copes.
    read(qrReader, grey, 'global', hints);
  if (text !== null || effort === 'frame') return text;
  return (
    // Small or blurred codes: modules a few pixels wide gain from smooth enlargement.
    (Math.max(grey.width, grey.height) < 600 ? read(qrReader, scaled(grey, 2), 'global', hints) : null) ??
    // Noisy or halftoned prints: shrinking averages the noise away.
    read(qrReader, scaled(grey, 0.66), 'hybrid', hints) ??
    read(qrReader, inverted(grey), 'hybrid', hints)
  );
}

function decodeOtherFormats(grey: GreyImage, hints: Hints): string | null {
  for (const reader of otherReaders) {
    const text = read(reader, grey, 'hybrid', hints);
    if (text !== null && couldBeTraceCode(text)) return text;
  }
  return null;
}

function read(reader: Reader, grey: GreyImage, binarizer: Binarizer, hints: Hints): string | null {
  const source = new RGBLuminanceSource(grey.data, grey.width, grey.height);
  const bitmap = new BinaryBitmap(binarizer === 'hybrid' ? new HybridBinarizer(source) : new GlobalHistogramBinarizer(source));
  try {
    return reader.decode(bitmap, hints).getText();
  } catch {
    // NotFound, Checksum and Format exceptions all mean "no code in this image": try the next attempt.
    return null;
  } finally {
    reader.reset();
  }
}
