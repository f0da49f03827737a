import {
  AztecCodeReader,
  BinaryBitmap,
  Code128Reader,
  Code39Reader,
  DataMatrixReader,
  DecodeHintType,
  EAN13Reader,
  GlobalHistogramBinarizer,
  HybridBinarizer,
  QRCodeReader,
  RGBLuminanceSource,
  type Reader,
} from '@zxing/library';
import { acceptableText, type DecodedCode, type DecodeEffort, type Symbology } from './decodedCode';
import { inverted, mirrored, scaled, type GreyImage } from './greyImage';

type Binarizer = 'hybrid' | 'global';
type Hints = Map<DecodeHintType, unknown>;

const TRY_HARDER: Hints = new Map([[DecodeHintType.TRY_HARDER, true]]);
const NO_HINTS: Hints = new Map();

// Readers are stateless between calls; building them once keeps per-frame allocation down.
// Each reader is called directly rather than through MultiFormatReader, which in @zxing/library 0.23
// console.warns on every image without a code.
const qrReader = new QRCodeReader();
// Of the other formats in specification section 4, those that can carry a 17–18 character code, then
// EAN-13 (which also reads UPC-A) to recognise the product barcode. ITF and RSS-14 hold digits only, RSS
// Expanded warns it is not production ready, and PDF417 ("in part") would add 28 kB gzip for codes not
// seen on cartons.
const otherReaders: [Reader, Symbology][] = [
  [new DataMatrixReader(), 'dataMatrix'],
  [new AztecCodeReader(), 'aztec'],
  [new Code128Reader(), 'code128'],
  [new Code39Reader(), 'code39'],
  [new EAN13Reader(), 'productBarcode'],
];

/**
 * The @zxing/library engine: the fallback while the WebAssembly engine loads or where it cannot run (a
 * photo the WebAssembly engine missed gets only retryAfterWasm). It reads one code per image. The order of the QR attempts comes from the
 * bench (`npm run bench:scan`): each later attempt decodes images that every earlier one missed.
 */
export function decodeWithJs(grey: GreyImage, effort: DecodeEffort): DecodedCode[] {
  const hints = effort === 'photo' ? TRY_HARDER : NO_HINTS;
  const qr = decodeQr(grey, effort, hints);
  if (qr !== null) return [{ text: qr, symbology: 'qr' }];
  for (const [reader, symbology] of otherReaders) {
    const text = read(reader, grey, 'hybrid', hints);
    if (text !== null) return [{ text, symbology }];
  }
  return [];
}

function decodeQr(grey: GreyImage, effort: DecodeEffort, hints: Hints): string | null {
  const text =
    read(qrReader, grey, 'hybrid', hints) ??
    read(qrReader, mirrored(grey), 'hybrid', hints) ??
    // Uneven light defeats the local thresholds of the hybrid binarizer; one global threshold copes.
    read(qrReader, grey, 'global', hints);
  if (text !== null || effort === 'frame') return text;
  return (
    enlargedSmallCode(grey, hints) ??
    // Noisy or halftoned prints: shrinking averages the noise away.
    read(qrReader, scaled(grey, 0.66), 'hybrid', hints) ??
    read(qrReader, inverted(grey), 'hybrid', hints)
  );
}

/** Small or blurred codes: modules a few pixels wide gain from smooth enlargement and one global threshold. */
function enlargedSmallCode(grey: GreyImage, hints: Hints): string | null {
  return Math.max(grey.width, grey.height) < 600 ? read(qrReader, scaled(grey, 2), 'global', hints) : null;
}

/**
 * What @zxing/library adds to a photo the WebAssembly ladder could not read. Of its whole ladder only this
 * attempt reads any such photo on the bench (`npm run bench:scan`: one of 496); the others read none and
 * cost 100–700 ms on every photo without a code.
 */
export function retryAfterWasm(grey: GreyImage): DecodedCode[] {
  const text = enlargedSmallCode(grey, TRY_HARDER);
  return text === null ? [] : [{ text, symbology: 'qr' }];
}

function read(reader: Reader, grey: GreyImage, binarizer: Binarizer, hints: Hints): string | null {
  const source = new RGBLuminanceSource(grey.data, grey.width, grey.height);
  const bitmap = new BinaryBitmap(
    binarizer === 'hybrid' ? new HybridBinarizer(source) : new GlobalHistogramBinarizer(source),
  );
  try {
    const text = reader.decode(bitmap, hints).getText();
    return acceptableText(text) ? text : null;
  } catch {
    // NotFound, Checksum and Format exceptions all mean "no code in this image": try the next attempt.
    return null;
  } finally {
    reader.reset();
  }
}
