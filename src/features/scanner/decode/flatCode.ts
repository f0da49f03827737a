import { greyAt, type GreyImage } from './greyImage';

export interface Point {
  x: number;
  y: number;
}

/** A code's corners in the image, in the code's own order: top left, top right, bottom right, bottom left. */
export type Quad = readonly [Point, Point, Point, Point];

/** Where a point of the code lies in the image: `u` across and `v` down, 0 to 1 over the code. */
export type CodeToImage = (u: number, v: number) => Point;

/** The paper kept around the code as its quiet zone, as a share of its width, so the reader finds its finder patterns. */
const MARGIN = 0.12;
/** Pixels per module in the flattened image: 4, 5 and 6 read the same codes on the bench; 4 is the cheapest. */
const PIXELS_PER_MODULE = 4;

/**
 * The code redrawn square and upright, with even modules and the paper around it as its quiet zone, for
 * the reader to decode: every pixel takes the shade of the image where `toImage` puts that point of the
 * code. How a code is flattened (off a can, off a crumpled surface) is all in `toImage`.
 */
export function drawFlat(image: GreyImage, modules: number, toImage: CodeToImage): GreyImage {
  const size = Math.round(modules * (1 + 2 * MARGIN) * PIXELS_PER_MODULE);
  const out = new Uint8ClampedArray(size * size);
  for (let j = 0; j < size; j++) {
    const v = codeCoordinate(j, size);
    for (let i = 0; i < size; i++) {
      const { x, y } = toImage(codeCoordinate(i, size), v);
      out[j * size + i] = greyAt(image, x, y);
    }
  }
  return { data: out, width: size, height: size };
}

/** Output pixel to code coordinate: 0 to 1 across the code, beyond that in its margin. */
function codeCoordinate(pixel: number, size: number): number {
  return ((pixel + 0.5) / size) * (1 + 2 * MARGIN) - MARGIN;
}

/**
 * The projective map of the unit square onto the quad (Heckbert's square-to-quad), or null when the quad
 * is not convex: the map would then fold part of the square and its margin through infinity.
 */
export function squareToQuad([p0, p1, p2, p3]: Quad): CodeToImage | null {
  const dx1 = p1.x - p2.x;
  const dx2 = p3.x - p2.x;
  const dx3 = p0.x - p1.x + p2.x - p3.x;
  const dy1 = p1.y - p2.y;
  const dy2 = p3.y - p2.y;
  const dy3 = p0.y - p1.y + p2.y - p3.y;
  const det = dx1 * dy2 - dx2 * dy1;
  // NaN corners make every test below false: refused here.
  if (det === 0 || !Number.isFinite(det)) return null;
  const g = (dx3 * dy2 - dx2 * dy3) / det;
  const h = (dx1 * dy3 - dx3 * dy1) / det;
  // The divisor below is linear in u and v: positive at the margin's four corners, positive throughout.
  const reach = [-MARGIN, 1 + MARGIN];
  if (reach.some((u) => reach.some((v) => g * u + h * v + 1 <= 0))) return null;
  const [a, b, c] = [p1.x - p0.x + g * p1.x, p3.x - p0.x + h * p3.x, p0.x];
  const [d, e, f] = [p1.y - p0.y + g * p1.y, p3.y - p0.y + h * p3.y, p0.y];
  return (u, v) => {
    const w = g * u + h * v + 1;
    return { x: (a * u + b * v + c) / w, y: (d * u + e * v + f) / w };
  };
}
