import type { ReaderOptions, ReadResult } from 'zxing-wasm/reader';
import { acceptableText, type DecodedCode, type DecodeEffort, type RgbaImage, type Symbology } from './decodedCode';
import { unwrapCylinder, type Cylinder } from './cylinderUnwrap';
import { flattenOnFittedGrid } from './fittedGrid';
import type { Point, Quad } from './flatCode';
import { scaled, toGrey, toRgba, type Box, type GreyImage } from './greyImage';

/** zxing-wasm's readBarcodes, passed in so that the worker and the Node bench share this code. */
export type ReadBarcodes = (
  image: RgbaImage & { colorSpace?: 'srgb' },
  options: ReaderOptions,
) => Promise<ReadResult[]>;

/** One named attempt of the ladder; the bench prints how many images each one was first to read. */
export interface WasmAnswer {
  codes: DecodedCode[];
  attempt: string;
  /** When nothing was read in a photo: the box around the QR codes seen but not read, for a closer look. */
  unread?: Box | null;
}

const SYMBOLOGY: Record<string, Symbology> = {
  QRCode: 'qr',
  DataMatrix: 'dataMatrix',
  Aztec: 'aztec',
  Code128: 'code128',
  Code39: 'code39',
  EAN13: 'productBarcode',
  EAN8: 'productBarcode',
  UPCA: 'productBarcode',
  UPCE: 'productBarcode',
};

// The raw content, as the JS engine gives it, not a "human readable" rendering.
const QR: ReaderOptions = { formats: ['QRCode'], textMode: 'Plain', returnErrors: true };
// Camera frames: tryHarder off reads the same frames in two thirds of the time (bench).
const QR_FRAME: ReaderOptions = { ...QR, tryHarder: false };
const OTHER_FORMATS: ReaderOptions = {
  formats: ['DataMatrix', 'Aztec', 'Code128', 'Code39', 'EAN13', 'EAN8', 'UPCA', 'UPCE'],
  textMode: 'Plain',
};
// A frame without a QR code looks for linear codes, upright only (5 ms on the bench's frames). Data Matrix
// and Aztec cost 12 ms or more a frame, beyond the frame budget: photos read them.
const FRAME_LINEAR: ReaderOptions = {
  formats: ['EAN13', 'EAN8', 'UPCA', 'UPCE', 'Code128', 'Code39'],
  textMode: 'Plain',
  tryRotate: false,
  tryHarder: false,
};

// A flattened code is square and upright, with the paper around it as its quiet zone: the fast path reads it.
const QR_FLATTENED: ReaderOptions = { ...QR, returnErrors: false, tryRotate: false, tryHarder: false };
/**
 * The curves tried on a code seen but not read: a code 0.85 of the can's radius wide (the narrow-can end
 * of the bench's cans, whose radius is 1.2 to 1.9 code widths), turned a third of a radian to either side.
 * These two read every code on the bench a flat read missed; a wider grid of curves read no more.
 */
const CANS: Cylinder[] = [
  { arc: 0.85, centre: 0.35 },
  { arc: 0.85, centre: -0.35 },
];

/** The largest QR code the first attempt found but could not read: its corners (in the grey of its region) and version. */
interface UnreadCode {
  quad: Quad;
  version: number;
}

/** A QR code's width in modules. */
const modulesOf = (version: number) => 17 + 4 * version;

/**
 * Larger codes are not flattened, off a can or on a fitted grid: flattening costs the module count squared
 * (a version 40 code, 20 ms a curve, past the frame budget), and the trace code is version 4.
 */
const MAX_FLATTENED_VERSION = 10;
/**
 * Fitting a grid costs more: about 8 ms at version 4, 16 at version 7 and 27 at version 10 on the bench
 * machine. A camera frame fits codes up to the trace code's size; a photo, every code it flattens.
 */
const MAX_FITTED_VERSION_IN_FRAME = 4;

/**
 * The WebAssembly engine's ladder of attempts, stopping at the first that reads a code. Every step was
 * kept because `npm run bench:scan` showed it reads images that all earlier steps miss, within the time
 * budget of its effort (p95 30 ms a photo, 15 ms a camera frame on the bench machine). QR codes come
 * first, as the trace code is one; other formats are read only where no QR code is, which is also how
 * the product barcode (EAN/UPC) is recognised.
 */
export async function decodeWithWasm(read: ReadBarcodes, image: RgbaImage, effort: DecodeEffort): Promise<WasmAnswer> {
  const attempt = async (name: string, pixels: RgbaImage, options: ReaderOptions): Promise<WasmAnswer | null> => {
    const found = validCodes(await read(pixmap(pixels), options));
    return found.length > 0 ? { codes: found, attempt: name } : null;
  };

  const first = await read(pixmap(image), effort === 'frame' ? QR_FRAME : QR);
  const codes = validCodes(first);
  if (codes.length > 0) return { codes, attempt: 'QR' };
  // The retries that look at the codes seen but not read need only their surroundings in grey: a small
  // part of a camera frame, where most frames hold no code at all and need none.
  const region = unreadRegion(first, image);
  const around = region && toGrey(image, region);
  const code = region && unreadCode(first, region);
  const readFlattened = async (name: string, flat: GreyImage | null) =>
    flat && (await attempt(name, toRgba(flat), QR_FLATTENED));

  // A code on a can: its middle modules are where a flat read does not look for them. Cheap (a small
  // image read on the fast path), so first.
  if (around && code) {
    for (const can of CANS) {
      const onCan = await readFlattened(
        'QR unrolled from a can',
        unwrapCylinder(around, code.quad, can, modulesOf(code.version)),
      );
      if (onCan) return onCan;
    }
  }
  // A code on a crumpled surface (a pouch, a dented carton, cloth). Before the zoom, which reads none of
  // them and costs about as much.
  const fits = around && code && (effort === 'photo' || code.version <= MAX_FITTED_VERSION_IN_FRAME);
  const fitted =
    fits &&
    (await readFlattened('QR on a fitted grid', flattenOnFittedGrid(around, code.quad, modulesOf(code.version))));
  if (fitted) return fitted;
  // A code was seen but its modules were misread: twice the pixels per module, around it only, is cheap.
  const zoomed = around && toRgba(scaled(around, 2));
  const inZoom = zoomed && (await attempt('QR region ×2', zoomed, QR));
  if (inZoom) return inZoom;
  if (effort === 'frame') {
    const other = region ? null : await attempt('linear formats', image, FRAME_LINEAR);
    return other ?? { codes: [], attempt: 'none' };
  }

  return (
    (await attempt('QR denoise', image, { ...QR, tryDenoise: true })) ??
    (await attempt('other formats', image, OTHER_FORMATS)) ?? { codes: [], attempt: 'none', unread: region }
  );
}

/**
 * The fields zxing-wasm looks for, copied by name. Never `{ ...image }`: in a browser the image is an
 * ImageData, whose width and height are getters on its prototype: a spread drops them, zxing-wasm refuses
 * the object, and every image would quietly go to the @zxing/library engine instead.
 */
function pixmap({ data, width, height }: RgbaImage): RgbaImage & { colorSpace: 'srgb' } {
  return { data, width, height, colorSpace: 'srgb' };
}

function validCodes(results: ReadResult[]): DecodedCode[] {
  return results.flatMap((result) => {
    const symbology = SYMBOLOGY[result.format];
    return result.isValid && symbology && acceptableText(result.text) ? [{ text: result.text, symbology }] : [];
  });
}

/** One QR read of a photo with the first attempt's options: the codes it read, none when it read none. */
export async function readQr(read: ReadBarcodes, image: RgbaImage): Promise<DecodedCode[]> {
  return validCodes(await read(pixmap(image), QR));
}

/** One fast-path QR read of a flattened code (square, upright, with its quiet zone): the codes it read. */
export async function readFlattenedQr(read: ReadBarcodes, flat: GreyImage): Promise<DecodedCode[]> {
  return validCodes(await read(pixmap(toRgba(flat)), QR_FLATTENED));
}

/** Only a full QR code: the Micro QR candidates it reports are its own finder patterns misread. */
function unreadCode(results: ReadResult[], { left, top }: Box): UnreadCode | null {
  const largest = results
    .filter((result) => !result.isValid && result.format === 'QRCode')
    .sort((a, b) => quadArea(b.position) - quadArea(a.position))[0];
  const version = Number(largest?.version);
  if (!largest || !Number.isInteger(version) || version < 1 || version > MAX_FLATTENED_VERSION) return null;
  const { topLeft, topRight, bottomRight, bottomLeft } = largest.position;
  const inRegion = ({ x, y }: Point) => ({ x: x - left, y: y - top });
  return { quad: [inRegion(topLeft), inRegion(topRight), inRegion(bottomRight), inRegion(bottomLeft)], version };
}

/** Half the cross product of the diagonals. */
function quadArea({ topLeft, topRight, bottomRight, bottomLeft }: ReadResult['position']): number {
  const cross =
    (bottomRight.x - topLeft.x) * (bottomLeft.y - topRight.y) -
    (bottomLeft.x - topRight.x) * (bottomRight.y - topLeft.y);
  return Math.abs(cross) / 2;
}

/** The box around every code found but not read, with a quarter of its size as margin, in whole pixels. */
function unreadRegion(results: ReadResult[], image: RgbaImage): Box | null {
  const corners = results
    .filter((result) => !result.isValid)
    .flatMap(({ position: p }) => [p.topLeft, p.topRight, p.bottomRight, p.bottomLeft]);
  if (corners.length === 0) return null;
  const xs = corners.map((point) => point.x);
  const ys = corners.map((point) => point.y);
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const margin = Math.max(right - left, bottom - top) / 4;
  const box = {
    left: Math.max(0, Math.floor(left - margin)),
    top: Math.max(0, Math.floor(top - margin)),
    right: Math.min(image.width, Math.ceil(right + margin)),
    bottom: Math.min(image.height, Math.ceil(bottom + margin)),
  };
  return box.right > box.left && box.bottom > box.top ? box : null;
}
